// Sessions that expire in Redis are reported (SessionStore.onExpired), each once over all the
// instances sharing it, without keyspace notifications; the servers' sessionEnded hooks hear them.
import type { SessionEnd } from '@mcpkit/protocol';
import { McpServer, type SessionRecord, type SessionStore } from '@mcpkit/server';
import { createFetchHandler } from '@mcpkit/transport-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCluster, type RedisCluster, stateKeysFromEnv } from '../src/index.js';
import { freshPrefix, STATE_KEY, session, sleep } from './fixtures.js';
import { startRedis, type TestRedis } from './redis-server.js';

let redis: TestRedis;
const clusters: RedisCluster[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(clusters.map((cluster) => cluster.close()));
  await redis?.stop();
});

const TTL_MS = 600;

/** `count` instances sharing one prefix, sessions expiring after TTL_MS, swept every 50 ms. */
async function instances(count: number, prefix = freshPrefix()): Promise<RedisCluster[]> {
  const made: RedisCluster[] = [];
  for (let i = 0; i < count; i++) {
    const cluster = await createRedisCluster({
      url: redis.url,
      prefix,
      instanceId: `i${i}`,
      stateKeys: stateKeysFromEnv(STATE_KEY),
      sessions: { ttlMs: TTL_MS, sweepMs: 50, cacheMs: 0 },
    });
    clusters.push(cluster);
    made.push(cluster);
  }
  return made;
}

const storeOf = (cluster: RedisCluster): SessionStore => cluster.server.legacy.sessionStore;

/** Every session the stores report expired: which store, the session, and when it expired. */
function expiries(stores: SessionStore[]) {
  const heard: { by: number; session: SessionRecord; expiredAt: number }[] = [];
  for (const [by, store] of stores.entries()) {
    store.onExpired!((session, expiredAt) => void heard.push({ by, session, expiredAt }));
  }
  return heard;
}

describe('sessions that expire in Redis', () => {
  it('are reported once over all instances, with the time they expired, and end on every instance', async () => {
    const stores = (await instances(3)).map(storeOf);
    const heard = expiries(stores);
    const ended: string[][] = stores.map(() => []);
    for (const [i, store] of stores.entries()) store.onEnded!((id) => void ended[i]!.push(id));
    const created = Date.now();
    expect(await stores[0]!.create({ ...session('gone'), openedAt: created })).toBe(true);
    expect(await stores[1]!.create(session('kept'))).toBe(true);
    // `kept` is used more often than its TTL; `gone` is not.
    for (let i = 0; i < 10; i++) {
      await sleep(TTL_MS / 4);
      expect(await stores[i % 3]!.get('kept')).toBeDefined();
    }
    expect(heard.map((entry) => entry.session.id)).toEqual(['gone']);
    expect(heard[0]!.session).toMatchObject({ id: 'gone', openedAt: created });
    expect(heard[0]!.expiredAt).toBeGreaterThanOrEqual(created + TTL_MS);
    expect(heard[0]!.expiredAt).toBeLessThan(created + TTL_MS + 1000);
    expect(ended.map((ids) => ids.filter((id) => id === 'gone'))).toEqual([['gone'], ['gone'], ['gone']]);
    expect(await stores[2]!.get('gone')).toBeUndefined();
  });

  it('an expired session is neither read, changed nor deleted before the sweep reports it', async () => {
    const prefix = freshPrefix();
    // No sweep yet: nobody listens for expiries.
    const [quiet] = (await instances(1, prefix)).map(storeOf);
    expect(await quiet!.create(session('late'))).toBe(true);
    await sleep(TTL_MS + 50);
    expect(await quiet!.get('late')).toBeUndefined();
    await quiet!.update({ ...session('late'), logLevel: 'debug' });
    expect(await quiet!.delete('late')).toBe(false);
    // Creating a session claims the expired ones: the creator reports them.
    const heard = expiries([quiet!]);
    expect(await quiet!.create(session('next'))).toBe(true);
    expect(heard.map((entry) => entry.session)).toEqual([session('late')]);
  });

  it('a listener that throws is reported to onError, and the other listeners still hear every session', async () => {
    const errors: unknown[] = [];
    const cluster = await createRedisCluster({
      url: redis.url,
      prefix: freshPrefix(),
      stateKeys: stateKeysFromEnv(STATE_KEY),
      sessions: { ttlMs: TTL_MS, sweepMs: 50 },
      onError: (error) => errors.push(error),
    });
    clusters.push(cluster);
    const store = storeOf(cluster);
    store.onExpired!(() => {
      throw new Error('listener broke');
    });
    const heard = expiries([store]);
    expect(await store.create(session('a'))).toBe(true);
    expect(await store.create(session('b'))).toBe(true);
    await sleep(TTL_MS + 300);
    expect(heard.map((entry) => entry.session.id).sort()).toEqual(['a', 'b']);
    expect(errors).toHaveLength(2);
  });

  it('the servers’ sessionEnded hooks hear one expiry for a 2025 session opened over HTTP', async () => {
    const ends: { instance: number; end: SessionEnd }[] = [];
    const handlers = (await instances(2)).map((cluster, instance) => {
      const server = new McpServer({ name: 'expiry', version: '1.0.0' }, { ...cluster.server });
      server.use({ sessionEnded: (end) => void ends.push({ instance, end }) });
      return createFetchHandler(server);
    });
    const response = await handlers[0]!(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'c', version: '1' },
          },
        }),
      }),
    );
    expect(response.status).toBe(200);
    await response.text();
    const sessionId = response.headers.get('mcp-session-id');
    await sleep(TTL_MS + 300);
    expect(ends).toHaveLength(1);
    expect(ends[0]!.end).toMatchObject({
      side: 'server',
      sessionId,
      reason: 'expired',
      protocolVersion: '2025-11-25',
    });
  });
});
