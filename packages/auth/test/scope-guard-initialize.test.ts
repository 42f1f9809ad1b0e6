import type { AuthInfo, PeerChannel, RequestContext } from '@mcpkit/protocol';
import { InMemorySessionStore } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { AuthErrorCode } from '../src/server/index.js';
import { LegacySession, modernRequest, scopedServer } from './helpers/scoped-server.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
};

const token = (...scopes: string[]): AuthInfo => ({ principal: 'user', scopes });

/** An `initialize` over HTTP (or over `channel`), as `auth`: the final response and the session it opened. */
async function initialize(
  server: ReturnType<typeof scopedServer>,
  auth: AuthInfo | undefined,
  channel?: PeerChannel,
) {
  const signal = new AbortController().signal;
  const context: RequestContext =
    channel === undefined
      ? { signal, transport: 'http', headers: new Headers({ 'content-type': 'application/json' }), auth }
      : { signal, transport: 'stdio', channel, auth };
  const exchange = server.handle(INITIALIZE, context);
  let final: Record<string, unknown> = {};
  for await (const item of exchange) final = item as Record<string, unknown>;
  return { final, session: exchange.session?.id };
}

describe('scopeGuard on a 2025-11-25 initialize, as on the 2026-07-28 server/discover it stands for', () => {
  it('A-9, A-10: requiredScopes gate initialize: 401 without a token, 403 without the scope, and no session either way', async () => {
    const sessionStore = new InMemorySessionStore({ maxSessionsPerPrincipal: 1 });
    const server = scopedServer({ requiredScopes: ['mcp'] }, { legacy: { sessionStore } });
    const anonymous = await initialize(server, undefined);
    expect(anonymous.final).toMatchObject({
      response: { error: { code: AuthErrorCode.Unauthorized, data: { requiredScopes: ['mcp'] } } },
      failure: 'unauthorized',
      challenge: expect.stringContaining('scope="mcp"'),
    });
    expect(anonymous.session).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const lacking = await initialize(server, token('other'));
      expect(lacking.final).toMatchObject({
        response: { error: { code: AuthErrorCode.InsufficientScope, data: { requiredScopes: ['mcp'] } } },
        failure: 'forbidden',
        challenge: expect.stringContaining('error="insufficient_scope"'),
      });
      expect(lacking.session).toBeUndefined();
    }
    // Refusals opened nothing, and took nothing of the caller's quota of one session.
    expect(sessionStore.size).toBe(0);
    // server/discover, which answers the same, is refused the same way.
    expect((await modernRequest(server, 'server/discover', {})).error?.code).toBe(AuthErrorCode.Unauthorized);
    expect((await modernRequest(server, 'server/discover', {}, token('other'))).error?.code).toBe(
      AuthErrorCode.InsufficientScope,
    );
    const granted = await initialize(server, token('mcp'));
    expect((granted.final.response as Record<string, unknown>).result).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'scoped' },
    });
    expect(granted.session).toEqual(expect.any(String));
    expect(sessionStore.size).toBe(1);
  });

  it('A-9: methodScopes apply to initialize', async () => {
    const server = scopedServer({ methodScopes: { initialize: ['boot'] } });
    const { final, session } = await initialize(server, token('mcp'));
    expect(final).toMatchObject({
      response: { error: { code: AuthErrorCode.InsufficientScope, data: { requiredScopes: ['boot'] } } },
    });
    expect(session).toBeUndefined();
    expect((await initialize(server, token('boot'))).session).toEqual(expect.any(String));
  });

  it('A-9: a connection whose initialize was refused stays unopened: no request is served on it, a granted initialize opens it', async () => {
    const server = scopedServer({ requiredScopes: ['mcp'] });
    const channel: PeerChannel = { send: () => true, closed: new AbortController().signal };
    const refused = await initialize(server, token(), channel);
    expect(refused.final).toMatchObject({ response: { error: { code: AuthErrorCode.InsufficientScope } } });
    const signal = new AbortController().signal;
    const before = server.handle(
      { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
      { signal, transport: 'stdio', channel, auth: token('mcp') },
    );
    let answer: Record<string, unknown> = {};
    for await (const item of before) answer = item as Record<string, unknown>;
    expect(answer).toMatchObject({ response: { error: {} } });
    const granted = await initialize(server, token('mcp'), channel);
    expect(granted.final).toMatchObject({ response: { result: { protocolVersion: '2025-11-25' } } });
  });

  it('A-9: an open session still needs requiredScopes on every request, ping aside, as before', async () => {
    const session = await new LegacySession(scopedServer({ requiredScopes: ['mcp'] })).open(['mcp']);
    expect((await session.request('tools/list', {}, ['other'])).error?.code).toBe(
      AuthErrorCode.InsufficientScope,
    );
    expect((await session.request('ping', {}, ['other'])).result).toEqual({});
  });
});
