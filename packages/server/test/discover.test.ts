import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { call } from './helpers.js';

describe('server/discover (S-9..S-12)', () => {
  it('S-9, S-10: answers with versions, capabilities, instructions and caching hints', async () => {
    const server = new McpServer(
      { name: 'd', version: '2.0.0' },
      { instructions: 'Use search before fetch.' },
    );
    const { result } = await call(server, 'server/discover');
    expect(result).toEqual({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: {},
      instructions: 'Use search before fetch.',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'd', version: '2.0.0' } },
    });
  });

  it('S-13, S-26, S-35, S-43: capabilities follow what is registered, with listChanged', async () => {
    const server = new McpServer({ name: 'd', version: '1' });
    server.tool('t', {}, () => ({ content: [] }));
    server.prompt('p', { arguments: { a: {} }, complete: { a: () => [] } }, () => ({ messages: [] }));
    server.resource('test://r', { name: 'r' }, (uri) => ({ contents: [{ uri, text: '' }] }));
    expect((await call(server, 'server/discover')).result?.capabilities).toEqual({
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true },
      completions: {},
    });
  });

  it('declared capabilities add to and override the implied ones', async () => {
    const server = new McpServer(
      { name: 'd', version: '1' },
      {
        capabilities: {
          logging: {},
          resources: { subscribe: true },
          tools: { listChanged: false },
          extensions: { 'com.example/thing': {} },
        },
      },
    );
    server.tool('t', {}, () => ({ content: [] }));
    expect(server.capabilities).toEqual({
      logging: {},
      resources: { subscribe: true },
      tools: { listChanged: false },
      extensions: { 'com.example/thing': {} },
    });
  });

  it('a capability stays advertised once used, so listings do not flicker when the last entry goes', async () => {
    const server = new McpServer({ name: 'd', version: '1' });
    const handle = server.tool('t', {}, () => ({ content: [] }));
    handle.remove();
    expect(server.capabilities.tools).toEqual({ listChanged: true });
    expect((await call(server, 'tools/list')).result?.tools).toEqual([]);
  });

  it('a registration that fails advertises nothing', () => {
    const server = new McpServer({ name: 'd', version: '1' });
    expect(() => server.tool('bad name', {}, () => ({ content: [] }))).toThrow(TypeError);
    expect(server.capabilities).toEqual({});
  });

  it('advertised capabilities match the methods that answer (conformance: capabilities match handlers)', async () => {
    const bare = new McpServer({ name: 'd', version: '1' });
    expect((await call(bare, 'tools/list')).error?.code).toBe(-32601);
    const withTools = new McpServer({ name: 'd', version: '1' });
    withTools.tool('t', {}, () => ({ content: [] }));
    expect((await call(withTools, 'tools/list')).result?.tools).toHaveLength(1);
  });

  it('S-2: supportedVersions must be versions this engine speaks', () => {
    expect(() => new McpServer({ name: 'd', version: '1' }, { supportedVersions: ['2025-11-25'] })).toThrow(
      TypeError,
    );
    expect(() => new McpServer({ name: 'd', version: '1' }, { supportedVersions: [] })).toThrow(TypeError);
  });
});
