// `server.use({ sessionEnded })`: each 2025-era session reports its end once, with how long it
// lasted and why: its connection closed, DELETE, expired in the store, or the server closed.
import type { SessionEnd } from '@mcpkit/protocol';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../../src/index.js';
import { LegacyConnection } from './helpers.js';
import { legacyTestServer } from './server.js';

type Server = ReturnType<typeof legacyTestServer>['server'];

function recording(server: Server): SessionEnd[] {
  const ended: SessionEnd[] = [];
  server.use({ sessionEnded: (session) => ended.push(session) });
  return ended;
}

async function openHttpSession(server: Server): Promise<string> {
  const headers = new Headers({ 'content-type': 'application/json' });
  const message = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  };
  const exchange = server.handle(message, new LazyRequestContext({ transport: 'http', headers }));
  for await (const _ of exchange);
  return (exchange as { session?: { id?: string } }).session!.id!;
}

function httpContext(sessionId: string) {
  return new LazyRequestContext({
    transport: 'http',
    headers: new Headers({ 'mcp-session-id': sessionId }),
    network: { transport: 'tcp', address: '203.0.113.7', port: 4000 },
  });
}

describe('sessionEnded hooks (2025-era sessions)', () => {
  it('a connection session ends once when the connection closes, with its version and the pipe', async () => {
    const { server } = legacyTestServer();
    const ended = recording(server);
    const connection = new LegacyConnection(server);
    const before = Date.now();
    await connection.initialize('2025-06-18');
    connection.closing.abort();
    await server.close();
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({
      side: 'server',
      sessionId: undefined,
      protocolVersion: '2025-06-18',
      network: { transport: 'pipe' },
      reason: 'closed',
    });
    expect(ended[0]!.openedAt).toBeGreaterThanOrEqual(before);
    expect(ended[0]!.endedAt).toBeGreaterThanOrEqual(ended[0]!.openedAt);
  });

  it('closing the server ends the sessions of its open connections, each once', async () => {
    const { server } = legacyTestServer();
    const ended = recording(server);
    const connection = new LegacyConnection(server);
    await connection.initialize();
    await server.close();
    connection.closing.abort();
    expect(ended.map((session) => session.reason)).toEqual(['server-closed']);
  });

  it('DELETE ends an HTTP session: its id, the DELETE request network', async () => {
    const { server } = legacyTestServer();
    const ended = recording(server);
    const sessionId = await openHttpSession(server);
    expect(await server.sessions!.endSession(httpContext(sessionId))).toEqual({ kind: 'ended' });
    // A second DELETE finds nothing, and reports nothing.
    expect((await server.sessions!.endSession(httpContext(sessionId))).kind).toBe('refused');
    expect(ended).toEqual([
      expect.objectContaining({
        sessionId,
        protocolVersion: '2025-06-18',
        reason: 'deleted',
        network: { transport: 'tcp', address: '203.0.113.7', port: 4000 },
      }),
    ]);
  });

  it('a session the store expires ends at its last use plus the TTL', async () => {
    let now = 1_000_000;
    const store = new InMemorySessionStore({ ttlMs: 60_000, now: () => now });
    const { server } = legacyTestServer({ legacy: { sessionStore: store } });
    const ended = recording(server);
    const sessionId = await openHttpSession(server);
    const opened = ended.length;
    now += 10_000;
    expect(await store.get(sessionId)).toBeDefined();
    now += 61_000;
    // The store sweeps on use: the next initialize finds the session expired.
    await openHttpSession(server);
    expect(opened).toBe(0);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ sessionId, reason: 'expired', network: { transport: 'tcp' } });
    expect(ended[0]!.endedAt).toBe(1_000_000 + 10_000 + 60_000);
  });

  it('a hook that throws is reported, and the others still hear', async () => {
    const errors: unknown[] = [];
    const { server } = legacyTestServer({ onError: (error) => errors.push(error) });
    server.use({
      sessionEnded: () => {
        throw new Error('hook broke');
      },
    });
    const ended = recording(server);
    const connection = new LegacyConnection(server);
    await connection.initialize();
    connection.closing.abort();
    expect(ended).toHaveLength(1);
    expect(errors).toEqual([expect.objectContaining({ message: 'hook broke' })]);
  });
});
