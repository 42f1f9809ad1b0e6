import { describe, expect, it } from 'vitest';
import { AuthErrorCode, type ScopeGuardOptions } from '../src/server/index.js';
import { LegacySession, scopedServer } from './helpers/scoped-server.js';

describe('scopeGuard on the methods only a 2025-11-25 session has', () => {
  it('A-9: methodScopes apply to resources/subscribe, resources/unsubscribe and logging/setLevel', async () => {
    const methodScopes: ScopeGuardOptions['methodScopes'] = {
      'resources/subscribe': ['subs'],
      'resources/unsubscribe': ['unsubs'],
      'logging/setLevel': ['logs'],
    };
    const server = scopedServer({ methodScopes });
    const session = await new LegacySession(server).open();
    const anonymous = await new LegacySession(server, 'http', null).open();
    const calls = [
      ['resources/subscribe', { uri: 'public://info' }, 'subs'],
      ['resources/unsubscribe', { uri: 'public://info' }, 'unsubs'],
      ['logging/setLevel', { level: 'debug' }, 'logs'],
    ] as const;
    for (const [method, params, scope] of calls) {
      const refused = await session.request(method, params, ['other']);
      expect(refused.error, method).toMatchObject({
        code: AuthErrorCode.InsufficientScope,
        data: { requiredScopes: [scope] },
      });
      expect((await anonymous.request(method, params)).error?.code, method).toBe(AuthErrorCode.Unauthorized);
      expect((await session.request(method, params, [scope])).result, method).toEqual({});
    }
  });

  it('A-9: requiredScopes apply to them too', async () => {
    const session = await new LegacySession(scopedServer({ requiredScopes: ['mcp'] })).open(['mcp']);
    expect((await session.request('logging/setLevel', { level: 'info' }, [])).error?.code).toBe(
      AuthErrorCode.InsufficientScope,
    );
    expect((await session.request('logging/setLevel', { level: 'info' }, ['mcp'])).result).toEqual({});
  });

  it.each([
    ['secret://admin', 'admin'],
    ['vault://keys', 'vault'],
  ])(
    'A-9: subscribing to %s needs the scopes a read of it needs; a refused one hears of no update',
    async (uri, scope) => {
      const server = scopedServer();
      const session = await new LegacySession(server, 'connection').open();
      const refused = await session.request('resources/subscribe', { uri }, ['other']);
      expect(refused.error).toMatchObject({
        code: AuthErrorCode.InsufficientScope,
        data: { requiredScopes: [scope] },
      });
      await server.notifyResourceUpdated(uri);
      expect(session.unsolicited).toEqual([]);
      expect((await session.request('resources/subscribe', { uri }, [scope])).result).toEqual({});
      await server.notifyResourceUpdated(uri);
      expect(session.unsolicited).toEqual([
        { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } },
      ]);
    },
  );

  it('A-9: subscribing to a parent URI needs the scopes of what lies below it, whose updates it would hear of', async () => {
    const server = scopedServer();
    const session = await new LegacySession(server, 'connection').open();
    const refused = await session.request('resources/subscribe', { uri: 'secret://' }, ['vault']);
    expect(refused.error).toMatchObject({
      code: AuthErrorCode.InsufficientScope,
      data: { requiredScopes: ['admin'] },
    });
    await server.notifyResourceUpdated('secret://admin');
    expect(session.unsolicited).toEqual([]);
    expect((await session.request('resources/subscribe', { uri: 'secret://' }, ['admin'])).result).toEqual(
      {},
    );
    await server.notifyResourceUpdated('secret://admin');
    expect(session.unsolicited).toHaveLength(1);
  });

  it('A-9: unsubscribing needs no scope of the resource: losing a scope never pins a subscription', async () => {
    const server = scopedServer();
    const session = await new LegacySession(server, 'connection').open();
    expect(
      (await session.request('resources/subscribe', { uri: 'secret://admin' }, ['admin'])).result,
    ).toEqual({});
    expect((await session.request('resources/unsubscribe', { uri: 'secret://admin' }, [])).result).toEqual(
      {},
    );
    await server.notifyResourceUpdated('secret://admin');
    expect(session.unsolicited).toEqual([]);
  });
});
