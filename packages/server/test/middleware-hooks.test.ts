import type { JSONRPCRequest, MessageContext } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { call, meta, PROTOCOL_VERSION, request, send } from './helpers.js';
import { LegacyConnection } from './legacy/helpers.js';
import { legacyTestServer } from './legacy/server.js';

function echoServer() {
  const server = new McpServer({ name: 'hooks', version: '1' }, { onError: () => {} });
  server.tool('echo', { inputSchema: { type: 'object' } }, async (args, ctx) => {
    ctx.progress(1, 2, 'half');
    return { content: [{ type: 'text', text: JSON.stringify(args) }] };
  });
  return server;
}

/** A receive (or send) hook that records what it saw and how `next` settled. */
function recorder() {
  const seen: Array<{ ctx: MessageContext; outcome: unknown }> = [];
  const hook = async (ctx: MessageContext, next: (ctx?: MessageContext) => Promise<unknown>) => {
    const entry: { ctx: MessageContext; outcome: unknown } = { ctx, outcome: undefined };
    seen.push(entry);
    try {
      entry.outcome = await next();
      return entry.outcome;
    } catch (error) {
      entry.outcome = error;
      throw error;
    }
  };
  return { seen, hook };
}

describe('server middleware, (ctx, next)', () => {
  it('next({ ...ctx, params }) hands rewritten params to the handler', async () => {
    const server = echoServer();
    server.use(async (ctx, next) =>
      ctx.method === 'tools/call'
        ? next({ ...ctx, params: { ...ctx.params, arguments: { rewritten: true } } })
        : next(),
    );
    const outcome = await call(server, 'tools/call', { name: 'echo', arguments: { rewritten: false } });
    expect(outcome.result?.content).toEqual([{ type: 'text', text: '{"rewritten":true}' }]);
  });

  it('a second next() rejects naming the middleware, and the handler runs once', async () => {
    const server = new McpServer({ name: 'hooks', version: '1' }, { onError: () => {} });
    let runs = 0;
    server.tool('count', {}, () => ({ content: [{ type: 'text', text: String(++runs) }] }));
    let second: unknown;
    server.use((_ctx, next) => next());
    server.use(async (_ctx, next) => {
      const first = await next();
      second = await next().catch((error: unknown) => error);
      return first;
    });
    await call(server, 'tools/call', { name: 'count', arguments: {} });
    expect(runs).toBe(1);
    expect((second as Error).message).toMatch(/^server receive middleware #2 called next\(\) twice/);
  });

  it('sees the JSON-RPC id, the era, the version and the peer of a request', async () => {
    const server = echoServer();
    const seen: unknown[] = [];
    server.use(async (ctx, next) => {
      seen.push([ctx.id, ctx.era, ctx.protocolVersion, ctx.sessionId, ctx.network, ctx.context.requestId]);
      return next();
    });
    const network = { transport: 'tcp', address: '203.0.113.7', port: 52114 };
    await send(server, request('tools/list', {}, 'req-7'), { transport: 'http', network });
    await send(server, request('tools/list', {}, 8), { transport: 'stdio' });
    expect(seen).toEqual([
      ['req-7', 'modern', PROTOCOL_VERSION, undefined, network, 'req-7'],
      [8, 'modern', PROTOCOL_VERSION, undefined, { transport: 'pipe' }, 8],
    ]);
  });
});

describe('server receive hooks', () => {
  it('see requests refused before their handler, with the refusal as what next() rejects with', async () => {
    const server = echoServer();
    const { seen, hook } = recorder();
    const typed: string[] = [];
    server.use(async (ctx, next) => {
      typed.push(ctx.method);
      return next();
    });
    server.use({ receive: hook });
    await call(server, 'tools/call', { name: 'nope', arguments: {} });
    await call(server, 'tools/call', { name: 42 });
    await send(server, {
      jsonrpc: '2.0',
      id: 'old',
      method: 'tools/list',
      params: { _meta: meta({ 'io.modelcontextprotocol/protocolVersion': '2020-01-01' }) },
    });
    await call(server, 'no/such/method');
    expect(
      seen.map(({ ctx, outcome }) => [ctx.method, ctx.kind, (outcome as { code: number }).code]),
    ).toEqual([
      ['tools/call', 'request', -32602],
      ['tools/call', 'request', -32602],
      ['tools/list', 'request', -32022],
      ['no/such/method', 'request', -32601],
    ]);
    expect(seen[2]!.ctx).toMatchObject({ id: 'old', protocolVersion: '2020-01-01', era: 'modern' });
    // Typed middleware sees only what the server accepted.
    expect(typed).toEqual([]);
  });

  it('may answer a refused request itself', async () => {
    const server = echoServer();
    server.use({
      receive: (ctx, next) =>
        ctx.method === 'tools/call' && ctx.params.name === 'legacy_name'
          ? next({ ...ctx, params: { ...ctx.params, name: 'echo' } }).catch(() => ({
              resultType: 'complete',
              content: [{ type: 'text', text: 'answered by the hook' }],
            }))
          : next(),
    });
    const outcome = await call(server, 'tools/call', { name: 'legacy_name', arguments: {} });
    expect(outcome.result?.content).toEqual([{ type: 'text', text: 'answered by the hook' }]);
  });

  it('see notifications, and typed middleware does not', async () => {
    const server = echoServer();
    const { seen, hook } = recorder();
    let typed = 0;
    server.use(async (_ctx, next) => {
      typed++;
      return next();
    });
    server.use({ receive: hook });
    const params = { requestId: 5, _meta: meta() };
    await send(server, { jsonrpc: '2.0', method: 'notifications/cancelled', params });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.ctx).toMatchObject({
      side: 'server',
      direction: 'receive',
      kind: 'notification',
      method: 'notifications/cancelled',
      id: undefined,
      params,
    });
    expect(typed).toBe(0);
  });

  it('see accepted requests with the result next() resolves to', async () => {
    const server = echoServer();
    const { seen, hook } = recorder();
    server.use({ receive: hook });
    await call(server, 'tools/call', { name: 'echo', arguments: { a: 1 } });
    expect(seen[0]!.ctx).toMatchObject({
      kind: 'request',
      method: 'tools/call',
      network: { transport: 'inproc' },
    });
    expect(seen[0]!.outcome).toMatchObject({ content: [{ type: 'text', text: '{"a":1}' }] });
  });

  it('see a 2025-era session: its methods and the requests it forwards, with the era and version', async () => {
    const { server } = legacyTestServer();
    const { seen, hook } = recorder();
    server.use({ receive: hook });
    const connection = new LegacyConnection(server);
    await connection.initialize();
    await connection.request('logging/setLevel', { level: 'debug' });
    await connection.request('tools/call', { name: 'echo', arguments: {} });
    await connection.request('tools/call', { name: 'missing', arguments: {} });
    const summary = seen.map(({ ctx }) => [ctx.method, ctx.era, ctx.protocolVersion, ctx.network.transport]);
    expect(summary).toEqual([
      ['initialize', 'legacy', '2025-11-25', 'pipe'],
      ['notifications/initialized', 'legacy', '2025-11-25', 'pipe'],
      ['logging/setLevel', 'legacy', '2025-11-25', 'pipe'],
      ['tools/call', 'legacy', '2025-11-25', 'pipe'],
      ['tools/call', 'legacy', '2025-11-25', 'pipe'],
    ]);
    expect((seen[4]!.outcome as { code: number }).code).toBe(-32602);
  });
});

describe('server receive hooks, 2025-era notifications', () => {
  it('see notifications/initialized with the session era and version', async () => {
    const { server } = legacyTestServer();
    const { seen, hook } = recorder();
    server.use({ receive: hook });
    await new LegacyConnection(server).initialize();
    const initialized = seen.find(({ ctx }) => ctx.method === 'notifications/initialized');
    expect(initialized?.ctx).toMatchObject({
      kind: 'notification',
      direction: 'receive',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      id: undefined,
    });
  });
});

describe('server receive hooks, 2025-era input rounds', () => {
  it('see a forwarded request once however many times its handler runs, next() resolving with the final result', async () => {
    const { server } = legacyTestServer();
    const { seen, hook } = recorder();
    const typedRuns: string[] = [];
    server.use({ receive: hook });
    server.use((ctx, next) => {
      typedRuns.push(ctx.method);
      return next();
    });
    const connection = new LegacyConnection(server, () => ({ action: 'accept', content: { name: 'Ada' } }));
    await connection.initialize('2025-11-25', { elicitation: {} });
    const { response } = await connection.request('tools/call', { name: 'ask_name', arguments: {} });
    const calls = seen.filter(({ ctx }) => ctx.method === 'tools/call');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.ctx.id).toBe(response!.id);
    expect(calls[0]!.outcome).toBe(response!.result);
    expect(typedRuns.filter((method) => method === 'tools/call')).toHaveLength(2);
  });
});

describe('server send hooks', () => {
  it('see the notifications a handler sends and may rewrite them', async () => {
    const server = echoServer();
    const { seen, hook } = recorder();
    server.use({ send: hook });
    server.use({
      send: (ctx, next) => next({ ...ctx, params: { ...ctx.params, _meta: { traceparent: 'tp' } } }),
    });
    const outcome = await call(
      server,
      'tools/call',
      { name: 'echo', arguments: {}, _meta: meta({ progressToken: 'p1' }) },
      { transport: 'stdio' },
    );
    expect(
      seen.map(({ ctx }) => [ctx.side, ctx.direction, ctx.kind, ctx.method, ctx.network.transport]),
    ).toEqual([['server', 'send', 'notification', 'notifications/progress', 'pipe']]);
    expect(seen[0]!.ctx.params).toMatchObject({ progressToken: 'p1', progress: 1 });
    expect(outcome.notifications).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p1', progress: 1, total: 2, message: 'half', _meta: { traceparent: 'tp' } },
      },
    ]);
  });

  it('see the requests a 2025-era session is asked (elicitation/create), next() resolving with the answer, and may rewrite _meta', async () => {
    const { server } = legacyTestServer();
    const { seen, hook } = recorder();
    server.use({ send: hook });
    server.use({
      send: (ctx, next) => next({ ...ctx, params: { ...ctx.params, _meta: { traceparent: 'tp' } } }),
    });
    const asked: JSONRPCRequest[] = [];
    const connection = new LegacyConnection(server, (request) => {
      asked.push(request);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    await connection.initialize('2025-11-25', { elicitation: {} });
    await connection.request('tools/call', { name: 'ask_name', arguments: {} });
    expect(seen).toHaveLength(1);
    const { ctx, outcome } = seen[0]!;
    expect([ctx.side, ctx.direction, ctx.kind, ctx.method, ctx.era, ctx.protocolVersion]).toEqual([
      'server',
      'send',
      'request',
      'elicitation/create',
      'legacy',
      '2025-11-25',
    ]);
    expect(ctx.id).toBe(asked[0]!.id);
    expect(asked[0]!.params).toMatchObject({ _meta: { traceparent: 'tp' } });
    expect(outcome).toEqual({ action: 'accept', content: { name: 'Ada' } });
  });
});
