import type { ExchangeMessage } from '@mcpkit/protocol';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { InMemoryEventBus, InMemorySessionStore, McpError, type SessionStore } from '../../src/index.js';
import { legacyTestServer } from './server.js';

type Server = ReturnType<typeof legacyTestServer>['server'];

function context(sessionId?: string) {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (sessionId !== undefined) headers.set('mcp-session-id', sessionId);
  return new LazyRequestContext({ transport: 'http', headers });
}

async function drain(server: Server, message: Record<string, unknown>, sessionId?: string) {
  const items: ExchangeMessage[] = [];
  const exchange = server.handle(message, context(sessionId));
  for await (const item of exchange)
    items.push(('response' in item ? item.response : item) as ExchangeMessage);
  return { items, sessionId: (exchange as { session?: { id?: string } }).session?.id };
}

/** Two instances sharing their session store and event bus, as a Redis deployment shares them. */
function twoInstances() {
  const sessionStore = new InMemorySessionStore();
  const eventBus = new InMemoryEventBus();
  const make = () => legacyTestServer({ eventBus, legacy: { sessionStore } }).server;
  return { x: make(), y: make() };
}

describe('a 2025 session served by two instances', () => {
  it('its GET stream on X hears an update of a resource it subscribed to on Y afterwards', async () => {
    const { x, y } = twoInstances();
    const params = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    };
    const { sessionId } = await drain(x, { jsonrpc: '2.0', id: 0, method: 'initialize', params });
    const opening = await x.sessions!.openStream(context(sessionId));
    if (opening.kind !== 'stream') throw new Error(`no stream: ${JSON.stringify(opening)}`);
    const stream = opening.exchange[Symbol.asyncIterator]();
    const subscribe = { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://doc' } };
    expect((await drain(y, subscribe, sessionId!)).items[0]).toMatchObject({ result: {} });
    const heard = stream.next();
    await y.notifyResourceUpdated('test://doc');
    expect((await heard).value).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'test://doc' },
    });
    await stream.return?.();
  });

  it('DELETE on Y closes the GET stream X holds, when the shared store announces ends (onEnded)', async () => {
    const shared = new InMemorySessionStore();
    const listeners = new Set<(id: string) => void>();
    const sessionStore: SessionStore = {
      create: (session) => shared.create(session),
      get: (id) => shared.get(id),
      update: (session) => shared.update(session),
      async delete(id) {
        const ended = await shared.delete(id);
        if (ended) for (const listener of listeners) listener(id);
        return ended;
      },
      onEnded(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const make = () => legacyTestServer({ legacy: { sessionStore } }).server;
    const [x, y] = [make(), make()];
    const params = {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'c', version: '1' },
    };
    const { sessionId } = await drain(x, { jsonrpc: '2.0', id: 0, method: 'initialize', params });
    const opening = await x.sessions!.openStream(context(sessionId));
    if (opening.kind !== 'stream') throw new Error(`no stream: ${JSON.stringify(opening)}`);
    const stream = opening.exchange[Symbol.asyncIterator]();
    const next = stream.next();
    expect(await y.sessions!.endSession(context(sessionId))).toEqual({ kind: 'ended' });
    expect(await next).toMatchObject({ done: true });
  });

  it('a session store that fails on GET or DELETE is answered with its error and status, not thrown', async () => {
    const unavailable = () =>
      Promise.reject(
        new McpError(-32603, 'The shared store is unavailable', undefined, { reason: 'unavailable' }),
      );
    const sessionStore: SessionStore = {
      create: async () => true,
      get: unavailable,
      update: unavailable,
      delete: unavailable,
    };
    const server = legacyTestServer({ legacy: { sessionStore } }).server;
    for (const refused of [
      await server.sessions!.openStream(context('s1')),
      await server.sessions!.endSession(context('s1')),
    ]) {
      expect(refused).toMatchObject({
        kind: 'refused',
        status: 503,
        error: { error: { code: -32603, message: 'The shared store is unavailable' } },
      });
    }
  });
});
