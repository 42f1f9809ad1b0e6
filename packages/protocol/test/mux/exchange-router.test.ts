import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTLED_DONE } from '../../src/close-quietly.js';
import type { ExchangeMessage } from '../../src/contracts.js';
import { type DecodedMessage, decodeMessage } from '../../src/decode.js';
import { MetaKey } from '../../src/meta.js';
import { ExchangeRouter } from '../../src/mux/exchange-router.js';
import { type ExchangeOwner, PendingExchange } from '../../src/mux/pending-exchange.js';

const owner: ExchangeOwner = { open() {}, abandon() {} };

function exchange(id: number | string, method = 'tools/call', meta: Record<string, unknown> = {}) {
  return new PendingExchange({ jsonrpc: '2.0', id, method, params: { _meta: meta } }, undefined, owner);
}

function decoded(message: unknown): DecodedMessage {
  const result = decodeMessage(message);
  if (!result.ok) throw result.error;
  return result;
}

async function delivered(pending: PendingExchange): Promise<ExchangeMessage[]> {
  const items: ExchangeMessage[] = [];
  for await (const item of pending) items.push(item);
  return items;
}

function sentRouter(...exchanges: PendingExchange[]) {
  const router = new ExchangeRouter();
  for (const pending of exchanges) {
    expect(router.add(pending)).toBeUndefined();
    router.sent(pending);
  }
  return router;
}

const log = (data: string) =>
  decoded({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data } });
const result = (id: number | string) => decoded({ jsonrpc: '2.0', id, result: { resultType: 'complete' } });

describe('ExchangeRouter', () => {
  it('T-8: routes responses by id, including error responses', async () => {
    const a = exchange(1);
    const b = exchange('b');
    const router = sentRouter(a, b);
    expect(router.route(decoded({ jsonrpc: '2.0', id: 'b', error: { code: -32602, message: 'bad' } }))).toBe(
      true,
    );
    expect(router.route(result(1))).toBe(true);
    expect(await delivered(a)).toEqual([{ jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } }]);
    expect((await delivered(b))[0]).toMatchObject({ id: 'b', error: { code: -32602 } });
    expect(router.size).toBe(0);
  });

  it('P-3: id 1 and id "1" are different requests', async () => {
    const numeric = exchange(1);
    const text = exchange('1');
    const router = sentRouter(numeric, text);
    router.route(result('1'));
    expect(router.get(1)).toBe(numeric);
    expect(router.get('1')).toBeUndefined();
  });

  it('C-53: a response nobody waits for is left unrouted', () => {
    expect(sentRouter().route(result(9))).toBe(false);
    expect(sentRouter().route(decoded({ jsonrpc: '2.0', error: { code: -32700, message: 'x' } }))).toBe(
      false,
    );
  });

  it('T-9 / C-41: routes listen notifications by subscriptionId, never by guessing', async () => {
    const listenA = exchange(10, 'subscriptions/listen');
    const listenB = exchange(11, 'subscriptions/listen');
    const router = sentRouter(listenA, listenB);
    const tagged = (id: number, n: number) =>
      decoded({
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { n, _meta: { [MetaKey.subscriptionId]: id } },
      });
    expect(router.route(tagged(11, 1))).toBe(true);
    expect(router.route(tagged(10, 2))).toBe(true);
    expect(router.route(tagged(12, 3))).toBe(false);
    expect(router.route(decoded({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }))).toBe(false);
    router.route(result(10));
    router.route(result(11));
    expect((await delivered(listenA)).map((m) => ('params' in m ? m.params?.n : 'end'))).toEqual([2, 'end']);
    expect((await delivered(listenB)).map((m) => ('params' in m ? m.params?.n : 'end'))).toEqual([1, 'end']);
  });

  it('routes progress by progressToken', async () => {
    const withToken = exchange(1, 'tools/call', { progressToken: 'tok' });
    const other = exchange(2);
    const router = sentRouter(withToken, other);
    const progress = decoded({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'tok', progress: 1 },
    });
    expect(router.route(progress)).toBe(true);
    router.route(result(1));
    expect(await delivered(withToken)).toHaveLength(2);
    expect(
      router.route(
        decoded({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'tok', progress: 2 },
        }),
      ),
    ).toBe(false);
  });

  it('P-3 / P-4: refuses a request id that is neither a string nor an integer', () => {
    const router = new ExchangeRouter();
    for (const id of [null, 1.5, undefined]) {
      expect(router.add(exchange(id as unknown as number))).toMatch(/string or an integer/);
    }
  });

  it('return() while a next() is pending ends that next() too', async () => {
    const pending = exchange(1);
    const next = pending.next();
    await pending.return();
    expect(await next).toEqual({ done: true, value: undefined });
  });

  it('an ended exchange hands back SETTLED_DONE from return() and next(), so closing it attaches nothing', async () => {
    const pending = exchange(1);
    pending.complete({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } });
    expect(await pending.next()).toMatchObject({ done: false });
    expect(pending.next()).toBe(SETTLED_DONE);
    expect(pending.return()).toBe(SETTLED_DONE);
  });

  it('P-5 / P-79: refuses an id or a progress token already in flight', () => {
    const router = sentRouter(exchange(1, 'tools/call', { progressToken: 7 }));
    expect(router.add(exchange(1))).toMatch(/already in flight/);
    expect(router.add(exchange(2, 'tools/call', { progressToken: 7 }))).toMatch(/already in use/);
    expect(router.size).toBe(1);
  });

  it('S-65 / T-13: a notifications/cancelled from the server ends that listen without a response', async () => {
    const listen = exchange(5, 'subscriptions/listen');
    const router = sentRouter(listen);
    const cancel = decoded({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5 } });
    expect(router.route(cancel)).toBe(true);
    expect(await delivered(listen)).toEqual([cancel.message]);
    expect(router.size).toBe(0);
  });

  describe('Q-6 / T-10: notifications/message', () => {
    const logging = { [MetaKey.logLevel]: 'info' };

    it('goes to the one exchange in flight that set logLevel (S-69 makes it the only possible source)', async () => {
      const quiet = exchange(1);
      const loud = exchange(2, 'tools/call', logging);
      const router = sentRouter(quiet, loud);
      expect(router.route(log('hello'))).toBe(true);
      router.route(result(2));
      expect((await delivered(loud))[0]).toMatchObject({ method: 'notifications/message' });
      expect(router.route(log('after'))).toBe(false);
    });

    it('is unrouted when two exchanges set logLevel', () => {
      const router = sentRouter(exchange(1, 'tools/call', logging), exchange(2, 'prompts/get', logging));
      expect(router.route(log('whose?'))).toBe(false);
    });

    it('S-52: a listen is never a log source, even when it set logLevel', () => {
      const router = sentRouter(
        exchange(1, 'subscriptions/listen', logging),
        exchange(2, 'tools/call', logging),
      );
      expect(router.route(log('mine'))).toBe(true);
    });

    it('a cancelled logging exchange stays a possible source until a later request is answered', () => {
      const cancelled = exchange(1, 'tools/call', logging);
      const router = sentRouter(cancelled);
      router.remove(cancelled, true);
      const later = exchange(2, 'tools/call', logging);
      router.add(later);
      router.sent(later);
      expect(router.route(log('from 1 or 2?'))).toBe(false);
      const probe = exchange(3);
      router.add(probe);
      router.sent(probe);
      router.route(result(3));
      expect(router.route(log('from 2'))).toBe(true);
    });

    it('a response to a request written before the cancel does not clear it', () => {
      const early = exchange(1);
      const cancelled = exchange(2, 'tools/call', logging);
      const router = sentRouter(early, cancelled);
      router.remove(cancelled, true);
      const later = exchange(3, 'tools/call', logging);
      router.add(later);
      router.sent(later);
      router.route(result(1));
      expect(router.route(log('still ambiguous'))).toBe(false);
    });
  });

  it('never throws on whatever JSON-RPC a server sends (fuzz)', () => {
    const idArb = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom('a', 'b'));
    const metaArb = fc.record(
      {
        progressToken: idArb,
        [MetaKey.subscriptionId]: fc.oneof(idArb, fc.anything()),
      },
      { requiredKeys: [] },
    );
    const messageArb = fc.oneof(
      fc.anything(),
      fc.record({ jsonrpc: fc.constant('2.0'), id: idArb, result: fc.object() }),
      fc.record({
        jsonrpc: fc.constant('2.0'),
        method: fc.constantFrom(
          'notifications/progress',
          'notifications/cancelled',
          'notifications/message',
          'x',
        ),
        params: fc.oneof(
          fc.record(
            { _meta: metaArb, progressToken: fc.anything(), requestId: fc.anything() },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
      }),
    );
    fc.assert(
      fc.property(fc.array(messageArb, { maxLength: 20 }), (messages) => {
        const router = sentRouter(
          exchange(0, 'subscriptions/listen', { progressToken: 'a' }),
          exchange(1, 'tools/call', { [MetaKey.logLevel]: 'info' }),
          exchange('b'),
        );
        for (const message of messages) {
          const result = decodeMessage(message);
          if (result.ok) router.route(result);
        }
        expect(router.size).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('failAll fails every exchange and forgets them', async () => {
    const a = exchange(1);
    const router = sentRouter(a);
    router.failAll(new Error('gone'));
    await expect(a.next()).rejects.toThrow('gone');
    expect(router.size).toBe(0);
  });
});
