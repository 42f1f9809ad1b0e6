import { McpError } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import { McpServer } from '../src/index.js';
import { call } from './helpers.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function newServer() {
  const server = new McpServer({ name: 'resources-test', version: '1.0.0' }, { onError: () => {} });
  server.resource('test://static-text', { name: 'Static text', mimeType: 'text/plain' }, (uri) => ({
    contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
  }));
  server.resource('test://static-binary', { name: 'Static binary', mimeType: 'image/png' }, (uri) => ({
    contents: [{ uri, mimeType: 'image/png', blob: PNG }],
  }));
  server.resourceTemplate(
    'test://template/{id}/data',
    { name: 'Template data', mimeType: 'application/json' },
    (uri, { id }) => ({
      contents: [
        {
          uri,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
        },
      ],
    }),
  );
  server.resourceTemplate('file:///{+path}', { name: 'Files' }, (uri, { path }) => ({
    contents: [{ uri, mimeType: 'text/plain', text: `file ${path}` }],
  }));
  return server;
}

describe('resources/list and resources/templates/list (S-26, S-27)', () => {
  it('S-26, S-27: lists static resources and templates, with caching hints', async () => {
    const server = newServer();
    const list = await call(server, 'resources/list');
    expect(list.result).toMatchObject({
      resultType: 'complete',
      resources: [
        { uri: 'test://static-text', name: 'Static text', mimeType: 'text/plain' },
        { uri: 'test://static-binary', name: 'Static binary', mimeType: 'image/png' },
      ],
      ttlMs: 0,
      cacheScope: 'private',
    });
    const templates = await call(server, 'resources/templates/list');
    expect(templates.result?.resourceTemplates).toEqual([
      { uriTemplate: 'test://template/{id}/data', name: 'Template data', mimeType: 'application/json' },
      { uriTemplate: 'file:///{+path}', name: 'Files' },
    ]);
    expect(templates.result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  it('S-27: both lists are paginated, every page with ttlMs and cacheScope', async () => {
    const server = new McpServer({ name: 'paged', version: '1' }, { pageSize: 1 });
    for (const n of [1, 2]) {
      server.resource(`x://r${n}`, { name: `r${n}` }, (uri) => ({ contents: [{ uri, text: '' }] }));
      server.resourceTemplate(`x://t${n}/{id}`, { name: `t${n}` }, (uri) => ({
        contents: [{ uri, text: '' }],
      }));
    }
    for (const [method, field] of [
      ['resources/list', 'resources'],
      ['resources/templates/list', 'resourceTemplates'],
    ] as const) {
      const first = (await call(server, method)).result;
      expect(first?.[field], method).toHaveLength(1);
      expect(first, method).toMatchObject({
        ttlMs: 0,
        cacheScope: 'private',
        nextCursor: expect.any(String),
      });
      const second = (await call(server, method, { cursor: first?.nextCursor })).result;
      expect(second?.[field], method).toHaveLength(1);
      expect(second, method).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      expect(second, method).not.toHaveProperty('nextCursor');
    }
  });

  it('S-32, S-33: a resource URI or template needs a scheme; a template must be well-formed', () => {
    const server = newServer();
    const read = () => ({ contents: [] });
    expect(() => server.resource('no-scheme', { name: 'x' }, read)).toThrow(TypeError);
    expect(() => server.resourceTemplate('{id}', { name: 'x' }, read)).toThrow(TypeError);
    expect(() => server.resourceTemplate('x://{id', { name: 'x' }, read)).toThrow(TypeError);
    expect(() =>
      server.resourceTemplate('x://{id}', { name: 'x', complete: { nope: () => [] } as never }, read),
    ).toThrow(/no variable/);
  });
});

describe('resources/read (S-28..S-33)', () => {
  it('reads text and binary contents, with caching hints (S-31)', async () => {
    const server = newServer();
    expect((await call(server, 'resources/read', { uri: 'test://static-text' })).result).toMatchObject({
      resultType: 'complete',
      contents: [{ uri: 'test://static-text', mimeType: 'text/plain', text: expect.any(String) }],
      ttlMs: 0,
      cacheScope: 'private',
    });
    expect((await call(server, 'resources/read', { uri: 'test://static-binary' })).result?.contents).toEqual([
      { uri: 'test://static-binary', mimeType: 'image/png', blob: PNG },
    ]);
  });

  it('reads through a template with the variables decoded', async () => {
    const { result } = await call(newServer(), 'resources/read', { uri: 'test://template/123/data' });
    expect(result?.contents).toEqual([
      {
        uri: 'test://template/123/data',
        mimeType: 'application/json',
        text: '{"id":"123","templateTest":true,"data":"Data for ID: 123"}',
      },
    ]);
  });

  it('S-28, S-29: a missing resource is -32602 with data.uri, never -32002 or empty contents', async () => {
    const uri = 'test://nonexistent-resource-for-conformance-testing';
    const { error, result } = await call(newServer(), 'resources/read', { uri });
    expect(result).toBeUndefined();
    expect(error).toEqual({ code: -32602, message: `Resource not found: ${uri}`, data: { uri } });
  });

  it('S-28: a reader that finds nothing (empty contents) is not found, not an empty result', async () => {
    const server = newServer();
    server.resourceTemplate('db://rows/{id}', { name: 'Rows' }, () => ({ contents: [] }));
    expect((await call(server, 'resources/read', { uri: 'db://rows/7' })).error).toMatchObject({
      code: -32602,
      data: { uri: 'db://rows/7' },
    });
  });

  it('S-28: a reader may throw resourceNotFound itself; an internal failure is -32603', async () => {
    const server = newServer();
    server.resourceTemplate('db://items/{id}', { name: 'Items' }, (uri) => {
      throw McpError.resourceNotFound(uri);
    });
    server.resource('db://broken', { name: 'Broken' }, () => {
      throw new Error('connection refused');
    });
    expect((await call(server, 'resources/read', { uri: 'db://items/1' })).error?.data).toEqual({
      uri: 'db://items/1',
    });
    expect((await call(server, 'resources/read', { uri: 'db://broken' })).error?.code).toBe(-32603);
  });

  it('S-30: a read may return several contents', async () => {
    const server = newServer();
    server.resource('file:///dir/', { name: 'Directory', mimeType: 'inode/directory' }, () => ({
      contents: [
        { uri: 'file:///dir/a.txt', text: 'a' },
        { uri: 'file:///dir/b.txt', text: 'b' },
      ],
    }));
    expect((await call(server, 'resources/read', { uri: 'file:///dir/' })).result?.contents).toHaveLength(2);
  });

  it('S-33: a template variable with a ".." segment never matches (no path traversal)', async () => {
    const server = newServer();
    expect((await call(server, 'resources/read', { uri: 'file:///docs/a.txt' })).result).toBeDefined();
    for (const uri of [
      'file:///../etc/passwd',
      'file:///docs/../../etc/passwd',
      'file:///docs/%2E%2E/x',
      'file:///a\\..\\b',
    ]) {
      expect((await call(server, 'resources/read', { uri })).error?.code, uri).toBe(-32602);
    }
  });

  it('static resources win over templates; templates match in registration order', async () => {
    const server = newServer();
    const first = vi.fn((uri: string) => ({ contents: [{ uri, text: 'first' }] }));
    server.resourceTemplate('x://{a}', { name: 'a' }, first);
    server.resourceTemplate('x://{b}', { name: 'b' }, (uri) => ({ contents: [{ uri, text: 'second' }] }));
    server.resource('x://fixed', { name: 'fixed' }, (uri) => ({ contents: [{ uri, text: 'static' }] }));
    expect((await call(server, 'resources/read', { uri: 'x://fixed' })).result?.contents).toEqual([
      { uri: 'x://fixed', text: 'static' },
    ]);
    expect((await call(server, 'resources/read', { uri: 'x://other' })).result?.contents).toEqual([
      { uri: 'x://other', text: 'first' },
    ]);
    expect(first).toHaveBeenCalledWith('x://other', { a: 'other' }, expect.anything());
  });

  it('a result that breaks ReadResourceResult (contents without text or blob) is -32603', async () => {
    const server = newServer();
    server.resource('x://bad', { name: 'bad' }, (uri) => ({ contents: [{ uri } as never] }));
    expect((await call(server, 'resources/read', { uri: 'x://bad' })).error?.code).toBe(-32603);
  });

  it('S-33, P-59: a blob that is not Base64, or contents with both text and blob, are -32603', async () => {
    const server = newServer();
    const cases: Record<string, object> = {
      'x://not-base64': { blob: 'not base64!!', mimeType: 'image/png' },
      'x://bad-padding': { blob: 'AA=A' },
      'x://unpadded': { blob: 'AAA' },
      'x://both': { blob: 'AAAA', text: 'x' },
      'x://bad-mime': { text: 'x', mimeType: 'not a mime' },
    };
    for (const [uri, contents] of Object.entries(cases)) {
      server.resource(uri, { name: uri }, () => ({ contents: [{ uri, ...contents } as never] }));
      const { error } = await call(server, 'resources/read', { uri });
      expect(error?.code, uri).toBe(-32603);
      expect(error?.message, uri).toMatch(
        /contents\[0\] (needs exactly one of text or blob|blob is not Base64|mimeType)/,
      );
    }
    server.resource('x://fine', { name: 'fine' }, (uri) => ({
      contents: [
        { uri, blob: '', mimeType: 'application/octet-stream' },
        { uri, blob: 'AA==', mimeType: 'text/plain; charset=utf-8' },
        { uri, text: 'x', mimeType: 'inode/directory' },
      ],
    }));
    expect((await call(server, 'resources/read', { uri: 'x://fine' })).result?.contents).toHaveLength(3);
  });

  it('update() and remove() change what is listed and readable', async () => {
    const server = newServer();
    const handle = server.resource('x://r', { name: 'r' }, (uri) => ({ contents: [{ uri, text: 'v1' }] }));
    handle.update({ name: 'renamed', read: (uri) => ({ contents: [{ uri, text: 'v2' }] }) });
    expect((await call(server, 'resources/read', { uri: 'x://r' })).result?.contents).toEqual([
      { uri: 'x://r', text: 'v2' },
    ]);
    expect((await call(server, 'resources/list')).result?.resources).toContainEqual({
      uri: 'x://r',
      name: 'renamed',
    });
    handle.remove();
    expect((await call(server, 'resources/read', { uri: 'x://r' })).error?.code).toBe(-32602);
  });
});
