import { createInMemoryTransport, type ListToolsResult, responseText } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { Registry } from '../src/registration/registry.js';
import { call, meta, request } from './helpers.js';

function newServer(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  return new McpServer({ name: 'listing', version: '1' }, { onError: () => {}, ...options });
}

const names = async (server: McpServer) =>
  (((await call(server, 'tools/list')).result?.tools ?? []) as Array<{ name: string }>).map((t) => t.name);

describe('list pages built once per registry state', () => {
  it('S-15: a listing reflects every add, update and removal, also after it was served before', async () => {
    const server = newServer();
    const a = server.tool('a', { description: 'first' }, () => ({ content: [] }));
    expect(await names(server)).toEqual(['a']);
    server.tool('b', {}, () => ({ content: [] }));
    expect(await names(server)).toEqual(['a', 'b']);
    a.update({ description: 'changed' });
    const { result } = await call(server, 'tools/list');
    expect(((result?.tools ?? []) as Array<{ description?: string }>)[0]?.description).toBe('changed');
    a.remove();
    expect(await names(server)).toEqual(['b']);
  });

  it('the same page is written the same way every time, and as JSON.stringify would write it', async () => {
    const server = newServer();
    for (let i = 0; i < 5; i++) server.tool(`t${i}`, { description: `tool ${i}` }, () => ({ content: [] }));
    const texts: string[] = [];
    for (let id = 1; id <= 3; id++) {
      for await (const item of server.handle(
        { jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: meta() } },
        { transport: 'memory', signal: new AbortController().signal },
      )) {
        const text = 'response' in item ? responseText(item) : JSON.stringify(item);
        expect(text).toBe(JSON.stringify('response' in item ? item.response : item));
        texts.push(text.replace(`"id":${id}`, '"id":0'));
      }
    }
    expect(new Set(texts).size).toBe(1);
  });

  it.each([true, false])(
    'a consumer changing a listing it received cannot change the next one (in-memory, no copies, serverInfo %s)',
    async (includeServerInfo) => {
      const server = newServer({ includeServerInfo });
      server.tool('a', {}, () => ({ content: [] }));
      const transport = createInMemoryTransport(server, { jsonRoundTrip: false });
      const list = async () => {
        let result: Record<string, unknown> | undefined;
        for await (const item of transport.exchange(
          { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta() } },
          {},
        )) {
          result = (item as { result?: Record<string, unknown> }).result;
        }
        return result!;
      };
      const first = await list();
      first.nextCursor = 'changed by the consumer';
      delete first.ttlMs;
      expect(await list()).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      expect(await list()).not.toHaveProperty('nextCursor');
      await transport.close();
    },
  );

  it('middleware gets a page of its own: changing it in place does not change later listings', async () => {
    const server = newServer();
    server.tool('a', {}, () => ({ content: [] }));
    server.tool('b', {}, () => ({ content: [] }));
    let filter = true;
    server.use(async (request, next) => {
      if (request.method !== 'tools/list') return next();
      const result = await next();
      if (filter) (result as ListToolsResult).tools.splice(0, 1);
      return result;
    });
    expect(await names(server)).toEqual(['b']);
    expect(await names(server)).toEqual(['b']);
    filter = false;
    expect(await names(server)).toEqual(['a', 'b']);
  });

  it('keeps at most 64 derived values, so cursors from requests cannot grow memory; a change drops them', () => {
    const registry = new Registry<string>();
    registry.add('x', 'x');
    let computed = 0;
    const value = (key: string) =>
      registry.derived(key, () => {
        computed++;
        return { key };
      });
    const kept = value('k0');
    expect(value('k0')).toBe(kept);
    for (let i = 1; i < 100; i++) value(`k${i}`);
    expect(computed).toBe(100);
    value('k99');
    expect(computed).toBe(101);
    value('k63');
    expect(computed).toBe(101);
    registry.add('y', 'y');
    expect(value('k0')).not.toBe(kept);
  });
});

describe('S-14: what tools/list returns', () => {
  it('S-14: the same list on every connection, never changed by other requests; registrations change it for all', async () => {
    const server = new McpServer({ name: 'list', version: '1' });
    server.tool('a', { description: 'A' }, () => ({ content: [] }));
    const first = createInMemoryTransport(server);
    const second = createInMemoryTransport(server);
    const listed = async (transport: ReturnType<typeof createInMemoryTransport>) => {
      let response: Record<string, unknown> | undefined;
      for await (const item of transport.exchange(request('tools/list'), {})) response = item as never;
      return (response?.result as { tools: { name: string }[] } | undefined)?.tools.map((t) => t.name);
    };
    expect(await listed(first)).toEqual(['a']);
    await call(server, 'tools/call', { name: 'a', arguments: {} });
    expect(await listed(second)).toEqual(['a']);
    const b = server.tool('b', { description: 'B' }, () => ({ content: [] }));
    expect(await listed(first)).toEqual(['a', 'b']);
    expect(await listed(second)).toEqual(['a', 'b']);
    b.remove();
    expect(await listed(second)).toEqual(['a']);
  });
});
