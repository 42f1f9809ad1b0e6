import { McpError } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import { McpServer } from '../src/index.js';
import { call, drain, headersFor, meta, request, send } from './helpers.js';

function server(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  const s = new McpServer({ name: 'pipeline-test', version: '1.0.0' }, { onError: () => {}, ...options });
  s.tool('echo', { description: 'Echoes' }, () => ({ content: [{ type: 'text', text: 'ok' }] }));
  s.tool(
    'needs_sampling',
    { description: 'Needs sampling', requiredClientCapabilities: { sampling: {} } },
    () => ({ content: [{ type: 'text', text: 'sampled' }] }),
  );
  return s;
}

describe('step 1: envelope', () => {
  it.each([
    ['a batch (P-10)', [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], undefined],
    ['a null id (P-4)', { jsonrpc: '2.0', id: null, method: 'tools/list' }, undefined],
    ['a fractional id (P-3)', { jsonrpc: '2.0', id: 1.5, method: 'tools/list' }, undefined],
    ['a missing jsonrpc (P-1)', { id: 7, method: 'tools/list' }, 7],
    ['a non-object params', { jsonrpc: '2.0', id: 8, method: 'tools/list', params: [1] }, 8],
    ['a string', 'tools/list', undefined],
  ])('%s is -32600 with HTTP 400, with the id when readable (P-7)', async (_, message, id) => {
    const outcome = await send(server(), message);
    expect(outcome.error?.code).toBe(-32600);
    expect(outcome.status).toBe(400);
    expect(outcome.response?.id).toBe(id);
  });

  it('P-11: a response sent by a client is -32600', async () => {
    const outcome = await send(server(), { jsonrpc: '2.0', id: 3, result: { resultType: 'complete' } });
    expect(outcome.error?.code).toBe(-32600);
    expect(outcome.response?.id).toBe(3);
  });

  it('P-9: a notification gets no answer, known or not', async () => {
    const s = server();
    expect(
      await send(s, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }),
    ).toMatchObject({
      messages: [],
    });
    expect((await send(s, { jsonrpc: '2.0', method: 'notifications/whatever' })).messages).toEqual([]);
  });
});

describe('step 2: per-request _meta (S-1)', () => {
  it.each([
    ['no params', undefined],
    ['no _meta', {}],
    ['no protocolVersion', { _meta: { 'io.modelcontextprotocol/clientCapabilities': {} } }],
    ['no clientCapabilities', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }],
    [
      'malformed clientCapabilities',
      {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': 'all',
        },
      },
    ],
  ])('S-1: %s is -32602 with HTTP 400', async (_, params) => {
    const outcome = await send(server(), { jsonrpc: '2.0', id: 101, method: 'server/discover', params });
    expect(outcome.error?.code).toBe(-32602);
    expect(outcome.status).toBe(400);
    expect(outcome.response?.id).toBe(101);
  });

  it('S-1: clientInfo is optional', async () => {
    const _meta = meta();
    delete _meta['io.modelcontextprotocol/clientInfo'];
    const outcome = await send(server(), {
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: { _meta },
    });
    expect(outcome.result?.supportedVersions).toEqual(['2026-07-28']);
  });

  it('S-1 comes before the header checks: missing _meta is -32602 even when the headers are fine', async () => {
    const outcome = await send(
      server(),
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} },
      {
        headers: headersFor('server/discover'),
      },
    );
    expect(outcome.error?.code).toBe(-32602);
    expect(outcome.status).toBe(400);
  });
});

describe('steps 3 and 4: headers, then the protocol version', () => {
  const v999 = { _meta: meta({ 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' }) };

  it('H-18: a header that disagrees with the body is -32020 even when the version is unsupported', async () => {
    const outcome = await call(server(), 'server/discover', v999, { headers: headersFor('server/discover') });
    expect(outcome.error?.code).toBe(-32020);
    expect(outcome.status).toBe(400);
  });

  it('S-2: an unsupported version is -32022 with supported and requested, HTTP 400', async () => {
    const headers = headersFor('server/discover', { 'MCP-Protocol-Version': 'v999.0.0' });
    const outcome = await call(server(), 'server/discover', v999, { headers });
    expect(outcome.error).toMatchObject({
      code: -32022,
      data: { supported: ['2026-07-28'], requested: 'v999.0.0' },
    });
    expect(outcome.status).toBe(400);
  });

  it('S-12: server/discover itself is subject to the version check (stdio, no headers)', async () => {
    const outcome = await call(server(), 'server/discover', {
      _meta: meta({ 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }),
    });
    expect(outcome.error?.data).toEqual({ supported: ['2026-07-28'], requested: '2025-11-25' });
  });

  it('S-2 comes before S-4: an unknown method with an unsupported version is -32022', async () => {
    expect((await call(server(), 'no/such', v999)).error?.code).toBe(-32022);
  });
});

describe('step 5: methods and capabilities (S-4)', () => {
  it.each([
    'initialize',
    'ping',
    'logging/setLevel',
    'resources/subscribe',
    'resources/unsubscribe',
    'unknown/method',
  ])('S-4: %s is -32601 with HTTP 404', async (method) => {
    const outcome = await call(server(), method);
    expect(outcome.error?.code).toBe(-32601);
    expect(outcome.status).toBe(404);
  });

  it('S-4: a method whose capability is not advertised is -32601', async () => {
    const s = server();
    for (const method of [
      'prompts/list',
      'prompts/get',
      'resources/list',
      'resources/read',
      'completion/complete',
    ]) {
      expect((await call(s, method, { name: 'x', uri: 'x://y' })).error?.code, method).toBe(-32601);
    }
  });

  it('S-4 comes before params: an unknown method with junk params is still -32601', async () => {
    expect((await call(server(), 'no/such', { cursor: 5 })).error?.code).toBe(-32601);
  });
});

describe('step 6: params and client capabilities', () => {
  it('malformed params are -32602 with the failing path (HTTP 200)', async () => {
    const outcome = await call(server(), 'tools/call', { arguments: {} });
    expect(outcome.error?.code).toBe(-32602);
    expect(outcome.error?.message).toMatch(/name/);
    expect(outcome.status).toBe(200);
  });

  it('S-71: an unknown logLevel is -32602', async () => {
    const outcome = await call(server(), 'tools/list', {
      _meta: meta({ 'io.modelcontextprotocol/logLevel': 'loud' }),
    });
    expect(outcome.error?.code).toBe(-32602);
  });

  it('an unknown logLevel is a params error: it comes after the version check', async () => {
    const outcome = await call(server(), 'tools/list', {
      _meta: meta({
        'io.modelcontextprotocol/logLevel': 'loud',
        'io.modelcontextprotocol/protocolVersion': 'x',
      }),
    });
    expect(outcome.error?.code).toBe(-32022);
  });

  it('S-3: a call needing a capability the request did not declare is -32021 with requiredCapabilities, HTTP 400', async () => {
    const outcome = await call(server(), 'tools/call', { name: 'needs_sampling', arguments: {} });
    expect(outcome.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
    expect(outcome.status).toBe(400);
  });

  it('S-3: the same call runs when this request declares the capability', async () => {
    const outcome = await call(server(), 'tools/call', {
      name: 'needs_sampling',
      arguments: {},
      _meta: meta({}, { sampling: {} }),
    });
    expect(outcome.result?.content).toEqual([{ type: 'text', text: 'sampled' }]);
  });

  it('S-81, X-3: a tool that needs an extension the client lacks is -32021 naming the extension', async () => {
    const s = server();
    s.tool(
      'needs_extension',
      {
        description: 'Needs an extension',
        requiredClientCapabilities: { extensions: { 'com.example/widgets': {} } },
      },
      () => ({ content: [{ type: 'text', text: 'extended' }] }),
    );
    const refused = await call(s, 'tools/call', { name: 'needs_extension', arguments: {} });
    expect(refused.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'com.example/widgets': {} } } },
    });
    const accepted = await call(s, 'tools/call', {
      name: 'needs_extension',
      arguments: {},
      _meta: meta({}, { extensions: { 'com.example/widgets': {} } }),
    });
    expect(accepted.result?.content).toEqual([{ type: 'text', text: 'extended' }]);
  });

  it('S-6, P-42: capabilities and versions are never carried over from earlier requests', async () => {
    const s = server();
    await call(s, 'tools/call', { name: 'needs_sampling', arguments: {}, _meta: meta({}, { sampling: {} }) });
    expect((await call(s, 'tools/call', { name: 'needs_sampling', arguments: {} })).error?.code).toBe(-32021);
    expect(
      (await call(s, 'tools/list', { _meta: meta({ 'io.modelcontextprotocol/protocolVersion': 'x' }) })).error
        ?.code,
    ).toBe(-32022);
  });
});

describe('step 7 and the result', () => {
  it('S-5: every result carries serverInfo in _meta', async () => {
    const s = server();
    for (const method of ['server/discover', 'tools/list']) {
      const outcome = await call(s, method);
      expect(outcome.result?._meta, method).toEqual({
        'io.modelcontextprotocol/serverInfo': { name: 'pipeline-test', version: '1.0.0' },
      });
    }
    const called = await call(s, 'tools/call', { name: 'echo' });
    expect(called.result?._meta).toHaveProperty(['io.modelcontextprotocol/serverInfo']);
  });

  it('P-37: serverInfo can be turned off', async () => {
    const outcome = await call(server({ includeServerInfo: false }), 'tools/list');
    expect(outcome.result?._meta).toBeUndefined();
  });

  it('S-8: an error code the spec reserves becomes -32603; a thrown Error never leaks its message', async () => {
    const onError = vi.fn();
    const s = new McpServer({ name: 't', version: '1' }, { onError });
    s.resource('test://legacy', { name: 'legacy' }, () => {
      throw new McpError(-32002, 'Resource not found');
    });
    s.resource('test://broken', { name: 'broken' }, () => {
      throw new Error('database password is hunter2');
    });
    const legacy = await call(s, 'resources/read', { uri: 'test://legacy' });
    expect(legacy.error?.code).toBe(-32603);
    const broken = await call(s, 'resources/read', { uri: 'test://broken' });
    expect(broken.error).toEqual({ code: -32603, message: 'Internal error' });
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('S-2, S-3: a -32022 or -32021 thrown without its data becomes -32603 and is reported to onError', async () => {
    const onError = vi.fn();
    const s = new McpServer({ name: 't', version: '1' }, { onError });
    s.resource('test://bad-version', { name: 'bad-version' }, () => {
      throw new McpError(-32022, 'Unsupported protocol version');
    });
    s.resource('test://bad-capability', { name: 'bad-capability' }, () => {
      throw new McpError(-32021, 'Missing capability', 'oops');
    });
    const version = await call(s, 'resources/read', { uri: 'test://bad-version' });
    const capability = await call(s, 'resources/read', { uri: 'test://bad-capability' });
    expect(version.error?.code).toBe(-32603);
    expect(capability.error?.code).toBe(-32603);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it('every error response states its HTTP status', async () => {
    const s = server();
    const outcomes = await Promise.all([
      send(s, []),
      call(s, 'tools/list', { _meta: {} }),
      call(s, 'no/such'),
      call(s, 'tools/call', {}),
      call(s, 'tools/call', { name: 'nope' }),
      call(s, 'tools/call', { name: 'needs_sampling' }),
    ]);
    expect(outcomes.map((o) => [o.error?.code, o.status])).toEqual([
      [-32600, 400],
      [-32602, 400],
      [-32601, 404],
      [-32602, 200],
      [-32602, 200],
      [-32021, 400],
    ]);
  });

  it('work starts only when the exchange is read', async () => {
    const s = new McpServer({ name: 't', version: '1' });
    const handler = vi.fn(() => ({ content: [] }));
    s.tool('lazy', {}, handler);
    const exchange = s.handle(request('tools/call', { name: 'lazy' }), {
      transport: 'memory',
      signal: new AbortController().signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(handler).not.toHaveBeenCalled();
    await drain(exchange);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
