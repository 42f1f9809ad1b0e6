import { describe, expect, it } from 'vitest';
import { LegacyConnection, problems2025 } from './helpers.js';
import { legacyTestServer } from './server.js';

describe('legacy lifecycle over a connection (stdio)', () => {
  it('the 2025-11-25 schema fixture rejects what it should', () => {
    expect(problems2025('InitializeResult', { protocolVersion: 1 })).not.toEqual([]);
  });

  it.each([
    ['2025-11-25', '2025-11-25'],
    ['2025-06-18', '2025-06-18'],
    ['2025-03-26', '2025-03-26'],
    ['2024-11-05', '2024-11-05'],
    ['1999-01-01', '2025-11-25'],
  ])('B-9: initialize asking %s answers %s, valid against the 2025-11-25 schema', async (asked, answered) => {
    const connection = new LegacyConnection(legacyTestServer().server);
    const { response } = await connection.initialize(asked);
    expect(problems2025('JSONRPCResultResponse', response)).toEqual([]);
    const result = response!.result as Record<string, unknown>;
    expect(problems2025('InitializeResult', result)).toEqual([]);
    expect(result.protocolVersion).toBe(answered);
    expect(result.serverInfo).toEqual({ name: 'legacy-test-server', version: '1.0.0' });
    expect(result.instructions).toBe('Test instructions');
    expect(result.capabilities).toEqual({
      logging: {},
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
    });
  });

  it('H-39: a malformed initialize is -32602 naming the supported versions', async () => {
    const connection = new LegacyConnection(legacyTestServer().server);
    const { response } = await connection.request('initialize', { protocolVersion: 7 });
    const error = response!.error as { code: number; data: { supported: string[] } };
    expect(error.code).toBe(-32602);
    expect(error.data.supported).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
  });

  it.each([
    ['clientInfo.icons', { clientInfo: { name: 'x', version: '1', icons: 'none' } }],
    ['capabilities.roots.listChanged', { capabilities: { roots: { listChanged: 'yes' } } }],
    ['capabilities.sampling', { capabilities: { sampling: true } }],
  ])('B-9: initialize is read with the 2025 schema: a bad %s is -32602 naming it', async (path, fault) => {
    const connection = new LegacyConnection(legacyTestServer().server);
    const params = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'x', version: '1' },
    };
    const { response } = await connection.request('initialize', { ...params, ...fault });
    expect(response!.error).toMatchObject({
      code: -32602,
      message: expect.stringContaining(`initialize params.${path}`),
      data: { supported: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] },
    });
    const retry = await connection.initialize();
    expect(retry.response!.result).toBeDefined();
  });

  it('B-10: a second initialize on the connection is refused', async () => {
    const connection = new LegacyConnection(legacyTestServer().server);
    await connection.initialize();
    const { response } = await connection.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'x', version: '1' },
    });
    expect((response!.error as { code: number }).code).toBe(-32600);
  });

  it('the first message fixes the era: a modern connection never becomes legacy', async () => {
    const { server } = legacyTestServer();
    const connection = new LegacyConnection(server);
    const first = await connection.request('tools/list');
    expect((first.response!.error as { code: number }).code).toBe(-32602);
    const { response } = await connection.initialize();
    expect((response!.error as { code: number }).code).toBe(-32602);
  });

  it('ping, logging/setLevel and every list/call/read/get method answer in 2025 shape', async () => {
    const connection = new LegacyConnection(legacyTestServer().server);
    await connection.initialize();
    const cases: Array<[string, Record<string, unknown> | undefined, string]> = [
      ['ping', undefined, 'EmptyResult'],
      ['logging/setLevel', { level: 'debug' }, 'EmptyResult'],
      ['tools/list', undefined, 'ListToolsResult'],
      ['tools/call', { name: 'echo', arguments: { a: 1 } }, 'CallToolResult'],
      ['resources/list', undefined, 'ListResourcesResult'],
      ['resources/templates/list', undefined, 'ListResourceTemplatesResult'],
      ['resources/read', { uri: 'test://doc' }, 'ReadResourceResult'],
      ['resources/subscribe', { uri: 'test://doc' }, 'EmptyResult'],
      ['resources/unsubscribe', { uri: 'test://doc' }, 'EmptyResult'],
      ['prompts/list', undefined, 'ListPromptsResult'],
      ['prompts/get', { name: 'greet', arguments: { who: 'Ada' } }, 'GetPromptResult'],
    ];
    for (const [method, params, definition] of cases) {
      const { response } = await connection.request(method, params);
      expect(response?.error, method).toBeUndefined();
      const result = response!.result as Record<string, unknown>;
      expect(problems2025(definition, result), method).toEqual([]);
      for (const field of ['resultType', 'ttlMs', 'cacheScope']) expect(field in result, method).toBe(false);
      // serverInfo in `_meta` is 2026-07-28's (S-5): a 2025 client had it from initialize.
      expect(result._meta ?? {}, method).not.toHaveProperty(['io.modelcontextprotocol/serverInfo']);
    }
  });

  it('a handler’s own _meta keys reach a 2025 client; only serverInfo is left out', async () => {
    const { server } = legacyTestServer();
    server.tool('with_meta', {}, () => ({ content: [], _meta: { 'example.com/trace': 'abc' } }));
    const connection = new LegacyConnection(server);
    await connection.initialize();
    const { response } = await connection.request('tools/call', { name: 'with_meta' });
    expect((response!.result as Record<string, unknown>)._meta).toEqual({ 'example.com/trace': 'abc' });
  });

  it('B-10: the level set by logging/setLevel and the progress token reach the handler', async () => {
    const connection = new LegacyConnection(legacyTestServer().server);
    await connection.initialize();
    const silent = await connection.request('tools/call', { name: 'echo', arguments: {} });
    expect(silent.items.filter((item) => 'method' in item)).toEqual([]);
    await connection.request('logging/setLevel', { level: 'info' });
    const { items } = await connection.request('tools/call', {
      name: 'echo',
      arguments: {},
      _meta: { progressToken: 'p1' },
    });
    expect(items.map((item) => ('method' in item ? item.method : 'response'))).toEqual([
      'notifications/progress',
      'notifications/message',
      'response',
    ]);
  });

  it('B-15: a missing resource is -32002 with the uri', async () => {
    const connection = new LegacyConnection(legacyTestServer().server);
    await connection.initialize();
    const { response } = await connection.request('resources/read', { uri: 'test://nope' });
    expect(response!.error).toMatchObject({ code: -32002, data: { uri: 'test://nope' } });
    expect(problems2025('JSONRPCErrorResponse', response)).toEqual([]);
  });

  it('methods of 2026-07-28 only, and unknown ones, are -32601 in a legacy session', async () => {
    const connection = new LegacyConnection(legacyTestServer().server);
    await connection.initialize();
    for (const method of ['server/discover', 'subscriptions/listen', 'nope/nope']) {
      const { response } = await connection.request(method, {});
      expect((response!.error as { code: number }).code, method).toBe(-32601);
    }
  });

  it('list_changed and resources/updated of subscribed URIs reach the connection', async () => {
    const { server } = legacyTestServer();
    const connection = new LegacyConnection(server);
    await connection.initialize();
    await connection.request('resources/subscribe', { uri: 'test://doc' });
    server.tool('added', { description: 'new' }, async () => ({ content: [] }));
    await server.notifyResourceUpdated('test://doc');
    await server.notifyResourceUpdated('test://other');
    expect(connection.unsolicited).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://doc' } },
    ]);
    connection.closing.abort();
    server.tool('added_later', { description: 'new' }, async () => ({ content: [] }));
    expect(connection.unsolicited).toHaveLength(2);
  });

  it('resources/updated of a sub-resource reaches a subscriber of its parent, naming the sub-resource', async () => {
    const { server } = legacyTestServer();
    const connection = new LegacyConnection(server);
    await connection.initialize();
    await connection.request('resources/subscribe', { uri: 'file:///project' });
    await server.notifyResourceUpdated('file:///project/src/a.ts');
    await server.notifyResourceUpdated('file:///project');
    await server.notifyResourceUpdated('file:///project2/b.ts');
    expect(connection.unsolicited).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'file:///project/src/a.ts' },
      },
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'file:///project' } },
    ]);
    await connection.request('resources/unsubscribe', { uri: 'file:///project' });
    await server.notifyResourceUpdated('file:///project/src/a.ts');
    expect(connection.unsolicited).toHaveLength(2);
  });

  it("legacy: 'reject' answers initialize with -32022 naming the supported versions (H-39)", async () => {
    const connection = new LegacyConnection(legacyTestServer({ legacy: 'reject' }).server);
    const { response } = await connection.initialize('2025-06-18');
    expect(response!.error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: '2025-06-18' },
    });
  });
});
