import type { ExchangeMessage, JSONRPCRequest } from '@mcpkit/protocol';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { type AnswerRouter, InMemorySessionStore, type RoutedAnswer } from '../../src/index.js';
import { legacyTestServer } from './server.js';

type Deliver = (sessionId: string, answer: RoutedAnswer) => void;

/** Instances of one server in one process, wired as a shared router would wire them. */
class Hub {
  readonly awaiting = new Map<string, number>();
  readonly deliverers: Deliver[] = [];
  readonly routed: RoutedAnswer[] = [];
  failExpect: Error | undefined;
  /** While set, `expect` waits for it. */
  expectGate: Promise<void> | undefined;

  router(instance: number): AnswerRouter {
    return {
      expect: async (sessionId, requestId) => {
        if (this.failExpect !== undefined) throw this.failExpect;
        await this.expectGate;
        this.awaiting.set(`${sessionId} ${requestId}`, instance);
      },
      forget: (sessionId, requestId) => {
        this.awaiting.delete(`${sessionId} ${requestId}`);
      },
      route: async (sessionId, answer) => {
        this.routed.push(answer);
        if (answer.kind === 'cancelled') {
          for (const [at, deliver] of this.deliverers.entries()) {
            if (at !== instance) deliver(sessionId, answer);
          }
          return true;
        }
        const key = `${sessionId} ${String(answer.response.id)}`;
        const owner = this.awaiting.get(key);
        if (owner === undefined) return false;
        this.awaiting.delete(key);
        this.deliverers[owner]!(sessionId, answer);
        return true;
      },
      listen: (deliver) => {
        this.deliverers[instance] = deliver;
      },
    };
  }
}

type Server = ReturnType<typeof legacyTestServer>['server'];

/** Two instances sharing a session store and (unless `routed` is false) a hub. */
function cluster(hub = new Hub(), options: { routed?: boolean; timeoutMs?: number } = {}) {
  const sessionStore = new InMemorySessionStore();
  const make = (instance: number) =>
    legacyTestServer({
      legacy: {
        sessionStore,
        requestTimeoutMs: options.timeoutMs ?? 10_000,
        answerRouter: options.routed === false ? undefined : hub.router(instance),
      },
    }).server;
  return { hub, x: make(0), y: make(1) };
}

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

async function openSession(server: Server): Promise<string> {
  const params = {
    protocolVersion: '2025-11-25',
    capabilities: { elicitation: {} },
    clientInfo: { name: 'c', version: '1' },
  };
  const { sessionId } = await drain(server, { jsonrpc: '2.0', id: 0, method: 'initialize', params });
  return sessionId!;
}

/** Calls `ask_name` on `server` and reads up to its `elicitation/create`. */
async function askOn(server: Server, sessionId: string) {
  const call = server.handle(
    { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'ask_name', arguments: {} } },
    context(sessionId),
  );
  const items = call[Symbol.asyncIterator]();
  const first = await items.next();
  const rest = (async () => {
    const seen: ExchangeMessage[] = [];
    for (let next = await items.next(); !next.done; next = await items.next()) {
      seen.push(('response' in next.value ? next.value.response : next.value) as ExchangeMessage);
    }
    return seen;
  })();
  return { asked: first.value as JSONRPCRequest, rest };
}

const textOf = (items: ExchangeMessage[]) =>
  (items.at(-1) as { result?: { content: Array<{ text: string }> } }).result?.content[0]?.text;

describe('answers to server-to-client requests across instances (issue 33 item 3)', () => {
  it('B-13: an elicitation asked on X and answered on Y reaches X, whose handler goes on', async () => {
    const { x, y, hub } = cluster();
    const sessionId = await openSession(x);
    const { asked, rest } = await askOn(x, sessionId);
    expect(asked.method).toBe('elicitation/create');
    expect(hub.awaiting.get(`${sessionId} ${asked.id}`)).toBe(0);
    const answer = { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'Ada' } } };
    expect((await drain(y, answer, sessionId)).items).toEqual([]);
    expect(textOf(await rest)).toBe('Ada #1');
    // Answered: nobody awaits it any more.
    expect(hub.awaiting.size).toBe(0);
  });

  it('an answer to an id no instance awaits is refused on Y, as on one instance', async () => {
    const { x, y, hub } = cluster();
    const sessionId = await openSession(x);
    const answer = { jsonrpc: '2.0', id: 'mcpkit-never-1', result: { action: 'decline' } };
    const { items } = await drain(y, answer, sessionId);
    expect(items[0]).toMatchObject({ id: 'mcpkit-never-1', error: { code: -32600 } });
    expect(hub.routed).toHaveLength(1);
  });

  it('a second answer to a request already answered is refused, wherever it arrives', async () => {
    const { x, y } = cluster();
    const sessionId = await openSession(x);
    const { asked, rest } = await askOn(x, sessionId);
    const answer = { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'Ada' } } };
    await drain(y, answer, sessionId);
    await rest;
    expect((await drain(y, answer, sessionId)).items[0]).toMatchObject({ error: { code: -32600 } });
    expect((await drain(x, answer, sessionId)).items[0]).toMatchObject({ error: { code: -32600 } });
  });

  it('an answer that X itself receives never goes through the router', async () => {
    const { x, hub } = cluster();
    const sessionId = await openSession(x);
    const { asked, rest } = await askOn(x, sessionId);
    await drain(x, { jsonrpc: '2.0', id: asked.id, result: { action: 'decline' } }, sessionId);
    expect(textOf(await rest)).toBe('decline #1');
    expect(hub.routed).toEqual([]);
  });

  it("the client's cancellation of the server's request, sent to Y, ends X's request with an error", async () => {
    const { x, y } = cluster();
    const sessionId = await openSession(x);
    const { asked, rest } = await askOn(x, sessionId);
    const cancel = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: asked.id, reason: 'user closed the form' },
    };
    expect((await drain(y, cancel, sessionId)).items).toEqual([]);
    const final = (await rest).at(-1) as { error?: { message: string }; result?: unknown };
    const failure = final.error?.message ?? JSON.stringify(final.result);
    expect(failure).toMatch(/cancelled elicitation\/create: user closed the form/);
  });

  it("the client's cancellation of its own request, sent to Y, cancels it on X", async () => {
    const { x, y } = cluster();
    const sessionId = await openSession(x);
    const { rest } = await askOn(x, sessionId);
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } };
    await drain(y, cancel, sessionId);
    // A cancelled request ends without a response.
    expect((await rest).filter((item) => !('method' in item))).toEqual([]);
  });

  it('a router that cannot announce the request fails the call and sends nothing', async () => {
    const hub = new Hub();
    hub.failExpect = new Error('the shared store is unreachable');
    const { x } = cluster(hub);
    const sessionId = await openSession(x);
    const { items } = await drain(
      x,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'ask_name', arguments: {} } },
      sessionId,
    );
    expect(items.filter((item) => 'method' in item && item.method === 'elicitation/create')).toEqual([]);
    expect(JSON.stringify(items.at(-1))).toMatch(
      /Could not send elicitation\/create to the client: the shared store is unreachable/,
    );
  });

  it('a request that timed out while the router announced it is neither sent nor withdrawn', async () => {
    const hub = new Hub();
    hub.expectGate = new Promise(() => {});
    const { x } = cluster(hub, { timeoutMs: 50 });
    const sessionId = await openSession(x);
    const { items } = await drain(
      x,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'ask_name', arguments: {} } },
      sessionId,
    );
    expect(items.filter((item) => 'method' in item)).toEqual([]);
    expect(JSON.stringify(items.at(-1))).toMatch(/did not answer elicitation\/create within 50 ms/);
  });

  it('a request that times out on X is forgotten: its late answer on Y is refused', async () => {
    const { x, y, hub } = cluster(new Hub(), { timeoutMs: 50 });
    const sessionId = await openSession(x);
    const { asked, rest } = await askOn(x, sessionId);
    await rest;
    expect(hub.awaiting.size).toBe(0);
    const answer = { jsonrpc: '2.0', id: asked.id, result: { action: 'decline' } };
    expect((await drain(y, answer, sessionId)).items[0]).toMatchObject({ error: { code: -32600 } });
  });

  it('without a router an answer reaches only the process that asked', async () => {
    const { x, y, hub } = cluster(new Hub(), { routed: false });
    const sessionId = await openSession(x);
    const { asked } = await askOn(x, sessionId);
    const answer = { jsonrpc: '2.0', id: asked.id, result: { action: 'decline' } };
    expect((await drain(y, answer, sessionId)).items[0]).toMatchObject({ error: { code: -32600 } });
    expect(hub.routed).toEqual([]);
    await drain(x, answer, sessionId);
  });
});
