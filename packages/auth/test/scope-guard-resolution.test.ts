import type { AuthInfo } from '@mcpkit/protocol';
import type { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { AuthErrorCode } from '../src/server/index.js';
import { LegacySession, modernRequest, SECRET, scopedServer } from './helpers/scoped-server.js';

const NOBODY: AuthInfo = { principal: 'user', scopes: [] };
const ADMIN: AuthInfo = { principal: 'user', scopes: ['admin'] };
const VAULT: AuthInfo = { principal: 'user', scopes: ['vault'] };

/** Hints a client may add to a read: none of them may change which scopes the read needs. */
const HINTS = [
  { uriTemplate: 'nope' },
  { uriTemplate: 'open://{+path}' },
  { uriTemplate: 'public://info' },
  { uriTemplate: 'vault://{name}' },
];

/** The first message of a 2026-07-28 `subscriptions/listen`: its acknowledgement or its error. */
async function listenOpening(server: McpServer, uris: string[], auth: AuthInfo) {
  const exchange = server.handle(
    {
      jsonrpc: '2.0',
      id: 'listen',
      method: 'subscriptions/listen',
      params: {
        notifications: { resourceSubscriptions: uris },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    },
    { signal: new AbortController().signal, transport: 'memory', auth },
  );
  const iterator = exchange[Symbol.asyncIterator]();
  const first = await iterator.next();
  await iterator.return?.();
  const item = first.value as Record<string, unknown>;
  return ('response' in item ? item.response : item) as Record<string, unknown>;
}

describe('scopeGuard decides scopes by what a request resolves to, never by a hint (2026-07-28)', () => {
  it.each(HINTS)('A-9: reading a static resource with %o still needs its scopes', async (hint) => {
    const server = scopedServer();
    const refused = await modernRequest(server, 'resources/read', { uri: 'secret://admin', ...hint }, NOBODY);
    expect(refused.error?.code).toBe(AuthErrorCode.InsufficientScope);
    expect(JSON.stringify(refused)).not.toContain(SECRET);
    const read = await modernRequest(server, 'resources/read', { uri: 'secret://admin', ...hint }, ADMIN);
    expect(read.error).toBeUndefined();
    expect(JSON.stringify(read.result)).toContain(SECRET);
  });

  it.each(HINTS)('A-9: reading through a scoped template with %o still needs its scopes', async (hint) => {
    const server = scopedServer();
    const refused = await modernRequest(server, 'resources/read', { uri: 'vault://keys', ...hint }, NOBODY);
    expect(refused.error?.code).toBe(AuthErrorCode.InsufficientScope);
    expect(JSON.stringify(refused)).not.toContain(SECRET);
    const read = await modernRequest(server, 'resources/read', { uri: 'vault://keys', ...hint }, VAULT);
    expect(read.error).toBeUndefined();
    expect(JSON.stringify(read.result)).toContain(SECRET);
  });

  it('A-9: a listen for updates of a scoped resource or template needs its scopes', async () => {
    const server = scopedServer();
    for (const uri of ['secret://admin', 'vault://keys']) {
      const refused = await listenOpening(server, ['public://info', uri], NOBODY);
      expect(refused).toMatchObject({ error: { code: AuthErrorCode.InsufficientScope } });
    }
    const granted = { principal: 'user', scopes: ['admin', 'vault'] };
    const opened = await listenOpening(server, ['secret://admin', 'vault://keys'], granted);
    expect(opened).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
    expect(await listenOpening(server, ['public://info'], NOBODY)).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
    });
  });

  it('A-9: a listen on a parent URI hears of what lies below it, so it needs the scopes of that too', async () => {
    const server = scopedServer();
    for (const [uri, scope] of [
      ['secret://', 'admin'],
      ['secret:', 'admin'],
      ['vault://', 'vault'],
    ] as const) {
      const refused = await listenOpening(server, [uri], NOBODY);
      expect(refused, uri).toMatchObject({
        error: { code: AuthErrorCode.InsufficientScope, data: { requiredScopes: [scope] } },
      });
    }
    expect(await listenOpening(server, ['open://'], NOBODY)).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
    });
  });

  it("A-9: completing a template's variable needs the template's scopes; an expanded URI names no template", async () => {
    const server = scopedServer();
    const complete = (uri: string, auth: AuthInfo) =>
      modernRequest(
        server,
        'completion/complete',
        { ref: { type: 'ref/resource', uri }, argument: { name: 'name', value: '' } },
        auth,
      );
    expect((await complete('vault://{name}', NOBODY)).error?.code).toBe(AuthErrorCode.InsufficientScope);
    const expanded = await complete('vault://keys', NOBODY);
    expect(expanded.error?.code).toBe(-32602);
    expect(JSON.stringify(expanded)).not.toContain(SECRET);
    expect(JSON.stringify((await complete('vault://{name}', VAULT)).result)).toContain(SECRET);
  });
});

describe('scopeGuard decides scopes by what a request resolves to, on a 2025-11-25 session', () => {
  it.each(HINTS)('A-9: reading a static resource with %o still needs its scopes', async (hint) => {
    const session = await new LegacySession(scopedServer()).open();
    const refused = await session.request('resources/read', { uri: 'secret://admin', ...hint }, []);
    expect(refused.error?.code).toBe(AuthErrorCode.InsufficientScope);
    expect(JSON.stringify(refused)).not.toContain(SECRET);
    const read = await session.request('resources/read', { uri: 'secret://admin', ...hint }, ['admin']);
    expect(read.error).toBeUndefined();
    expect(JSON.stringify(read.result)).toContain(SECRET);
  });

  it.each(HINTS)('A-9: reading through a scoped template with %o still needs its scopes', async (hint) => {
    const session = await new LegacySession(scopedServer(), 'connection').open();
    const refused = await session.request('resources/read', { uri: 'vault://keys', ...hint }, []);
    expect(refused.error?.code).toBe(AuthErrorCode.InsufficientScope);
    expect(JSON.stringify(refused)).not.toContain(SECRET);
    const read = await session.request('resources/read', { uri: 'vault://keys', ...hint }, ['vault']);
    expect(read.error).toBeUndefined();
    expect(JSON.stringify(read.result)).toContain(SECRET);
  });
});
