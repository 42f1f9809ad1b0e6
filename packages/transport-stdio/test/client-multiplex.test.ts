import { type ExchangeMessage, type JSONRPCMessage, MetaKey, TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { collect, request, response, sleep, spawnFixture } from './helpers/processes.js';

describe('StdioClientTransport: one pipe, many exchanges', () => {
  it('T-8: 1,000 concurrent requests, answered out of order, each get their own response', async () => {
    const transport = spawnFixture('server.mjs');
    const ids = Array.from({ length: 1000 }, (_, i) => i);
    const responses = await Promise.all(
      ids.map((i) =>
        response(
          transport.exchange(request(i % 2 ? i : `s${i}`, 'echo', { n: i, delayMs: (i * 7) % 23 }), {}),
        ),
      ),
    );
    responses.forEach((message, i) => {
      expect(message.id).toBe(i % 2 ? i : `s${i}`);
      expect(message.result).toMatchObject({ echo: { n: i } });
    });
  });

  it('T-2: sends a request exactly as given, compact, one line (the server echoes what it parsed)', async () => {
    const transport = spawnFixture('server.mjs');
    const params = { text: 'line one\nline two', unicode: 'ü ✓ 𝄞', nested: { list: [1, { deep: true }] } };
    const message = await response(transport.exchange(request(1, 'echo', params), {}));
    expect((message.result as { echo: unknown }).echo).toEqual(params);
  });

  it('T-9: routes listen notifications by subscriptionId while other requests come and go', async () => {
    const transport = spawnFixture('server.mjs');
    const received = new Map<string, ExchangeMessage[]>([
      ['listen-a', []],
      ['listen-b', []],
    ]);
    const stop = new AbortController();
    const listens = [...received.keys()].map(async (id) => {
      try {
        for await (const item of transport.exchange(request(id, 'subscriptions/listen', { everyMs: 5 }), {
          signal: stop.signal,
        })) {
          received.get(id)!.push(item);
        }
      } catch (error) {
        expect((error as Error).name).toBe('AbortError');
      }
    });
    for (let i = 0; i < 20; i++) await response(transport.exchange(request(i, 'echo', { i }), {}));
    while ([...received.values()].some((items) => items.length < 5)) await sleep(5);
    stop.abort();
    await Promise.all(listens);
    for (const [id, items] of received) {
      expect(items[0]).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
      for (const item of items) {
        expect(
          (item as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.[MetaKey.subscriptionId],
        ).toBe(id);
      }
    }
  });

  it('routes progress by token into its exchange', async () => {
    const transport = spawnFixture('server.mjs');
    const items = await collect(
      transport.exchange(request(1, 'echo', { _meta: { progressToken: 'tok-1' } }), {}),
    );
    expect(items.map((item) => ('method' in item ? item.method : 'response'))).toEqual([
      'notifications/progress',
      'response',
    ]);
  });

  it('Q-6: a log goes to the one request that set logLevel; with two such requests it is unrouted', async () => {
    const unrouted: JSONRPCMessage[] = [];
    const transport = spawnFixture('server.mjs', { onUnrouted: (message) => unrouted.push(message) });
    const logging = { [MetaKey.logLevel]: 'info' };
    const alone = await collect(transport.exchange(request(1, 'echo', { _meta: logging }), {}));
    expect(alone[0]).toMatchObject({ method: 'notifications/message', params: { data: 'log of 1' } });
    const both = await Promise.all([
      collect(transport.exchange(request(2, 'echo', { _meta: logging, delayMs: 50 }), {})),
      collect(transport.exchange(request(3, 'echo', { _meta: logging, delayMs: 50 }), {})),
    ]);
    const inExchanges = both
      .flat()
      .filter((item) => 'method' in item && item.method === 'notifications/message');
    const unroutedLogs = unrouted.filter((m) => 'method' in m && m.method === 'notifications/message');
    expect(inExchanges.length + unroutedLogs.length).toBe(2);
    expect(unroutedLogs.length).toBeGreaterThanOrEqual(1);
    // Whatever was routed went to the request it belongs to.
    both.forEach((items, index) => {
      for (const item of items) {
        if ('method' in item) expect(item.params?.data).toBe(`log of ${index + 2}`);
      }
    });
  });

  it('T-3 (client side): survives a server that writes garbage to stdout, reporting each bad line', async () => {
    const invalid: string[] = [];
    const transport = spawnFixture('server.mjs', { onInvalidLine: (error) => invalid.push(`${error.code}`) });
    const message = await response(transport.exchange(request(1, 'garbage'), {}));
    expect(message.result).toMatchObject({ afterGarbage: true });
    expect(invalid).toEqual(['-32700', '-32700', '-32600']);
    expect((await response(transport.exchange(request(2, 'pid'), {}))).id).toBe(2);
  });

  it('carries a 5 MB request and a 5 MB response', async () => {
    const transport = spawnFixture('server.mjs');
    const payload = 'p'.repeat(5 * 1024 * 1024);
    const message = await response(
      transport.exchange(request(1, 'big', { payload, bytes: 5 * 1024 * 1024 }), {}),
    );
    const result = message.result as { text: string; echoedLength: number };
    expect(result.echoedLength).toBe(payload.length);
    expect(result.text).toHaveLength(5 * 1024 * 1024);
  });

  it('P-5: refuses an id already in flight, without writing it', async () => {
    const transport = spawnFixture('server.mjs');
    const first = collect(transport.exchange(request(1, 'echo', { delayMs: 50 }), {}));
    await expect(collect(transport.exchange(request(1, 'echo'), {}))).rejects.toThrow(/already in flight/);
    const items = await first;
    expect(items).toHaveLength(1);
  });

  it('sends nothing until the exchange is read', async () => {
    const unrouted: JSONRPCMessage[] = [];
    const transport = spawnFixture('server.mjs', { onUnrouted: (m) => unrouted.push(m) });
    transport.exchange(request('never-read', 'echo'), {});
    await response(transport.exchange(request('read', 'echo'), {}));
    expect(unrouted).toEqual([]);
  });

  it('passes args, env and cwd to the child', async () => {
    const transport = spawnFixture('server.mjs', {
      env: { ...process.env, MCPKIT_TEST_VALUE: 'from-env' },
      cwd: '/',
    });
    const message = await response(transport.exchange(request(1, 'env', { name: 'MCPKIT_TEST_VALUE' }), {}));
    expect(message.result).toMatchObject({ value: 'from-env', cwd: '/' });
  });

  it('T-5: hands stderr to a callback and never treats it as an error', async () => {
    let stderr = '';
    const transport = spawnFixture('server.mjs', {
      stderr: (text) => {
        stderr += text;
      },
    });
    const message = await response(
      transport.exchange(request(1, 'stderr', { text: 'ERROR: not really an error' }), {}),
    );
    expect(message.result).toEqual({ resultType: 'complete' });
    while (!stderr.includes('not really')) await sleep(5);
    expect((await response(transport.exchange(request(2, 'pid'), {}))).id).toBe(2);
  });

  it('an error response from the server ends the exchange normally (it is a message, not a transport failure)', async () => {
    const transport = spawnFixture('server.mjs');
    const message = await response(transport.exchange(request(1, 'no-such-method'), {}));
    expect(message.error).toMatchObject({ code: -32601 });
  });

  it('fails exchanges after close() with TransportError("closed")', async () => {
    const transport = spawnFixture('server.mjs');
    await transport.close();
    const error = await collect(transport.exchange(request(1, 'echo'), {})).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).reason).toBe('closed');
  });
});
