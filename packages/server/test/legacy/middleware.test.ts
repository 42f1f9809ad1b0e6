import { describe, expect, it } from 'vitest';
import { type McpCall, McpError } from '../../src/index.js';
import { LegacyConnection } from './helpers.js';
import { legacyTestServer } from './server.js';

/** What the server's middleware saw, one entry a request. */
function recorder() {
  const seen: Array<{ method: string; params: unknown; protocolVersion: string; clientInfo: unknown }> = [];
  return {
    seen,
    middleware: async (call: McpCall) => {
      const { method, params, context } = call;
      seen.push({ method, params, protocolVersion: context.protocolVersion, clientInfo: context.clientInfo });
      return call.next();
    },
  };
}

describe('the methods only a 2025 session has pass through middleware', () => {
  it('resources/subscribe, resources/unsubscribe and logging/setLevel reach middleware with their params and session', async () => {
    const { server } = legacyTestServer();
    const { seen, middleware } = recorder();
    server.use(middleware);
    const connection = new LegacyConnection(server);
    await connection.initialize();
    for (const [method, params] of [
      ['resources/subscribe', { uri: 'test://doc' }],
      ['resources/unsubscribe', { uri: 'test://doc' }],
      ['logging/setLevel', { level: 'debug' }],
    ] as const) {
      const { response } = await connection.request(method, params);
      expect(response, method).toMatchObject({ result: {} });
    }
    expect(seen.slice(1)).toEqual(
      ['resources/subscribe', 'resources/unsubscribe', 'logging/setLevel'].map((method) => ({
        method,
        params: method === 'logging/setLevel' ? { level: 'debug' } : { uri: 'test://doc' },
        protocolVersion: '2025-11-25',
        clientInfo: { name: 'legacy-test', version: '1.0.0' },
      })),
    );
  });

  it('a subscription middleware refuses is not made: the error is the answer and no update follows', async () => {
    const { server } = legacyTestServer();
    server.use(async (call, next) => {
      if (call.method === 'resources/subscribe') throw new McpError(-31403, 'Not for you');
      return next();
    });
    const connection = new LegacyConnection(server);
    await connection.initialize();
    const { response } = await connection.request('resources/subscribe', { uri: 'test://doc' });
    expect(response).toMatchObject({ error: { code: -31403, message: 'Not for you' } });
    await server.notifyResourceUpdated('test://doc');
    expect(connection.unsolicited).toEqual([]);
  });

  it('the checks before middleware come first: an unknown level is -32602 and middleware never runs', async () => {
    const { server } = legacyTestServer();
    const { seen, middleware } = recorder();
    server.use(middleware);
    const connection = new LegacyConnection(server);
    await connection.initialize();
    const { response } = await connection.request('logging/setLevel', { level: 'loud' });
    expect(response).toMatchObject({ error: { code: -32602 } });
    expect(seen.map((each) => each.method)).toEqual(['initialize']);
  });

  it('a middleware that throws something other than an McpError is -32603, reported to onError with its request', async () => {
    const reported: unknown[][] = [];
    const { server } = legacyTestServer({ onError: (...args) => reported.push(args) });
    const failure = new TypeError('middleware bug');
    const connection = new LegacyConnection(server);
    await connection.initialize();
    server.use(async () => {
      throw failure;
    });
    const { response } = await connection.request('logging/setLevel', { level: 'info' });
    expect(response).toMatchObject({ error: { code: -32603 } });
    expect(reported).toEqual([
      [failure, { level: 'error', method: 'logging/setLevel', requestId: response!.id }],
    ]);
  });

  it('a middleware that answers with no result object is -32603 naming the method, reported to onError', async () => {
    const reported: unknown[][] = [];
    const { server } = legacyTestServer({ onError: (...args) => reported.push(args) });
    const connection = new LegacyConnection(server);
    await connection.initialize();
    server.use(async () => 'done' as never);
    const { response } = await connection.request('resources/subscribe', { uri: 'test://doc' });
    expect(response).toMatchObject({ error: { code: -32603 } });
    expect(reported).toHaveLength(1);
    expect(String(reported[0]![0])).toContain('resources/subscribe');
  });

  it('a refusal by middleware is the client being told, not reported to onError', async () => {
    const reported: unknown[] = [];
    const { server } = legacyTestServer({ onError: (error) => reported.push(error) });
    const connection = new LegacyConnection(server);
    await connection.initialize();
    server.use(async () => {
      throw new McpError(-31403, 'Not for you');
    });
    expect((await connection.request('logging/setLevel', { level: 'info' })).response).toMatchObject({
      error: { code: -31403 },
    });
    expect(reported).toEqual([]);
  });
});
