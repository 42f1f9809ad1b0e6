import { describe, expect, it } from 'vitest';
import { elicitation, McpServer, type ServerOptions } from '../src/index.js';
import { CachePolicy } from '../src/registration/caching.js';
import { call, meta } from './helpers.js';

function newServer(options: ServerOptions = {}) {
  const server = new McpServer({ name: 'cache-test', version: '1' }, { pageSize: 1, ...options });
  server.tool('t1', {}, () => ({ content: [] }));
  server.tool('t2', {}, () => ({ content: [] }));
  server.prompt('p', {}, () => ({ messages: [] }));
  server.resource('x://plain', { name: 'plain' }, (uri) => ({ contents: [{ uri, text: '' }] }));
  server.resource('x://hot', { name: 'hot', cache: { ttlMs: 5 } }, (uri) => ({
    contents: [{ uri, text: '' }],
  }));
  server.resource('x://own', { name: 'own' }, (uri) => ({
    contents: [{ uri, text: '' }],
    ttlMs: 7,
    cacheScope: 'public',
  }));
  server.resourceTemplate('x://t/{id}', { name: 't' }, (uri) => ({ contents: [{ uri, text: '' }] }));
  server.resource('x://ask', { name: 'ask' }, async (uri, ctx) => {
    await ctx.elicit('ok', { message: 'ok?', requestedSchema: { type: 'object', properties: {} } });
    return { contents: [{ uri, text: '' }] };
  });
  return server;
}

const cacheable = [
  ['server/discover', {}],
  ['tools/list', {}],
  ['prompts/list', {}],
  ['resources/list', {}],
  ['resources/templates/list', {}],
  ['resources/read', { uri: 'x://plain' }],
] as const;

describe('caching hints (S-40..S-42, Q-9)', () => {
  it.each(cacheable)(
    'S-40, S-42: %s carries ttlMs 0 and cacheScope "private" (never shared) by default',
    async (method, params) => {
      expect((await call(newServer(), method, params)).result).toMatchObject({
        ttlMs: 0,
        cacheScope: 'private',
      });
    },
  );

  it('a server default and per-method values override the safe default', async () => {
    const server = newServer({
      cache: {
        default: { ttlMs: 1000 },
        methods: { 'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' } },
      },
    });
    expect((await call(server, 'prompts/list')).result).toMatchObject({ ttlMs: 1000, cacheScope: 'private' });
    expect((await call(server, 'tools/list')).result).toMatchObject({
      ttlMs: 3_600_000,
      cacheScope: 'public',
    });
  });

  it('a resource may set its own hints, and a reader may set them per result', async () => {
    const server = newServer({ cache: { methods: { 'resources/read': { cacheScope: 'public' } } } });
    expect((await call(server, 'resources/read', { uri: 'x://hot' })).result).toMatchObject({
      ttlMs: 5,
      cacheScope: 'public',
    });
    expect((await call(server, 'resources/read', { uri: 'x://own' })).result).toMatchObject({
      ttlMs: 7,
      cacheScope: 'public',
    });
  });

  it('S-41: every page of a list has the same cacheScope', async () => {
    const server = newServer({ cache: { methods: { 'tools/list': { cacheScope: 'public' } } } });
    const first = await call(server, 'tools/list');
    const second = await call(server, 'tools/list', { cursor: first.result?.nextCursor });
    expect([first.result?.cacheScope, second.result?.cacheScope]).toEqual(['public', 'public']);
  });

  it('P-71: an input_required result carries no caching hints', async () => {
    const { result } = await call(newServer(), 'resources/read', {
      uri: 'x://ask',
      _meta: meta({}, { elicitation: {} }),
    });
    expect(result?.resultType).toBe('input_required');
    expect(result).not.toHaveProperty('ttlMs');
    expect(result).not.toHaveProperty('cacheScope');
    expect(elicitation).toBeTypeOf('function');
  });

  it('P-70: hints outside the spec are refused when configured', () => {
    expect(() => new CachePolicy({ default: { ttlMs: -1 } })).toThrow(RangeError);
    expect(() => new CachePolicy({ methods: { 'tools/list': { ttlMs: 1.5 } } })).toThrow(RangeError);
    expect(() => new CachePolicy({ default: { cacheScope: 'shared' as never } })).toThrow(RangeError);
    const server = newServer();
    expect(() =>
      server.resource('x://bad', { name: 'bad', cache: { ttlMs: -5 } }, () => ({ contents: [] })),
    ).toThrow(RangeError);
  });

  it('a reader returning hints outside the spec is -32603', async () => {
    const server = new McpServer({ name: 'c', version: '1' }, { onError: () => {} });
    server.resource('x://neg', { name: 'neg' }, (uri) => ({ contents: [{ uri, text: '' }], ttlMs: -1 }));
    expect((await call(server, 'resources/read', { uri: 'x://neg' })).error?.code).toBe(-32603);
  });
});
