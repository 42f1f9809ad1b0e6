import type { AuthInfo } from '@mcpkit/protocol';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { InMemorySessionStore, McpError, type ServerContext } from '../../src/index.js';
import { LegacyConnection } from './helpers.js';
import { legacyTestServer } from './server.js';

type Server = ReturnType<typeof legacyTestServer>['server'];

const PARAMS = {
  protocolVersion: '2025-06-18',
  capabilities: { sampling: {}, elicitation: {} },
  clientInfo: { name: 'legacy-test', version: '1.0.0' },
};

/** An `initialize` as a 2025-era HTTP client sends it: its response, and the session it opened. */
async function initializeOverHttp(server: Server, params: unknown = PARAMS, auth?: AuthInfo) {
  const headers = new Headers({ 'content-type': 'application/json' });
  const message = { jsonrpc: '2.0', id: 0, method: 'initialize', params };
  const exchange = server.handle(message, new LazyRequestContext({ transport: 'http', headers, auth }));
  let response: Record<string, unknown> = {};
  for await (const item of exchange)
    response = ('response' in item ? item.response : item) as typeof response;
  return { response, sessionId: exchange.session?.id };
}

/** Middleware that records every call it sees, then lets it through. */
function recorder(server: Server) {
  const seen: Array<{ call: ServerContext; result: unknown }> = [];
  server.use(async (call, next) => {
    const result = await next();
    seen.push({ call, result });
    return result;
  });
  return seen;
}

describe('a 2025 initialize passes through middleware, before its session exists', () => {
  it('middleware sees initialize with its params, the version it will answer with, the client and its token; and the result', async () => {
    const { server } = legacyTestServer();
    const seen = recorder(server);
    const auth: AuthInfo = { principal: 'alice', scopes: ['mcp'] };
    const { response, sessionId } = await initializeOverHttp(server, PARAMS, auth);
    expect(response).toMatchObject({ result: { protocolVersion: '2025-06-18' } });
    expect(sessionId).toEqual(expect.any(String));
    expect(seen).toHaveLength(1);
    const { call, result } = seen[0]!;
    expect(call.method).toBe('initialize');
    expect(call.params).toEqual(PARAMS);
    expect(call.context).toMatchObject({
      method: 'initialize',
      requestId: 0,
      protocolVersion: '2025-06-18',
      clientInfo: PARAMS.clientInfo,
      clientCapabilities: { sampling: {}, elicitation: {} },
      auth,
      transport: 'http',
    });
    expect(result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: expect.any(Object),
      serverInfo: { name: 'legacy-test-server', version: '1.0.0' },
      instructions: 'Test instructions',
    });
    expect(response.result).toEqual(result);
  });

  it('an initialize middleware refuses opens no HTTP session and takes none of the quota', async () => {
    const sessionStore = new InMemorySessionStore({ maxSessionsPerPrincipal: 1 });
    const { server } = legacyTestServer({ legacy: { sessionStore } });
    let refuse = true;
    server.use(async (_call, next) => {
      if (refuse) throw new McpError(-31403, 'Not for you');
      return next();
    });
    const auth: AuthInfo = { principal: 'alice', scopes: [] };
    for (let i = 0; i < 3; i++) {
      const { response, sessionId } = await initializeOverHttp(server, PARAMS, auth);
      expect(response).toMatchObject({ error: { code: -31403, message: 'Not for you' } });
      expect(sessionId).toBeUndefined();
    }
    expect(sessionStore.size).toBe(0);
    refuse = false;
    expect((await initializeOverHttp(server, PARAMS, auth)).sessionId).toEqual(expect.any(String));
    expect(sessionStore.size).toBe(1);
  });

  it('a connection whose initialize middleware refused stays unopened, and a later initialize opens it', async () => {
    const { server } = legacyTestServer();
    let refuse = true;
    server.use(async (call, next) => {
      if (refuse && call.method === 'initialize') throw new McpError(-31403, 'Not for you');
      return next();
    });
    const connection = new LegacyConnection(server);
    expect((await connection.initialize()).response).toMatchObject({ error: { code: -31403 } });
    expect((await connection.request('tools/list', {})).response).toMatchObject({ error: {} });
    refuse = false;
    expect((await connection.initialize()).response).toMatchObject({
      result: { protocolVersion: '2025-11-25' },
    });
    expect((await connection.request('tools/list', {})).response).toMatchObject({
      result: { tools: expect.any(Array) },
    });
  });

  it('the checks before middleware come first: bad params are -32602 naming the versions, a second initialize on a connection -32600', async () => {
    const { server } = legacyTestServer();
    const seen = recorder(server);
    const { response } = await initializeOverHttp(server, { protocolVersion: 1 });
    expect(response).toMatchObject({ error: { code: -32602, data: { supported: expect.any(Array) } } });
    expect(seen).toEqual([]);
    const connection = new LegacyConnection(server);
    await connection.initialize();
    expect((await connection.initialize()).response).toMatchObject({ error: { code: -32600 } });
    expect(seen.map(({ call }) => call.method)).toEqual(['initialize']);
  });

  it('ping is answered before middleware, as a 2026-07-28 ping is refused before it: it reaches no handler', async () => {
    const { server } = legacyTestServer();
    const connection = new LegacyConnection(server);
    await connection.initialize();
    const seen = recorder(server);
    expect((await connection.request('ping')).response).toMatchObject({ result: {} });
    expect(seen).toEqual([]);
  });
});
