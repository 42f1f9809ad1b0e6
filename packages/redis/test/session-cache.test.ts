import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRedisCluster,
  type RedisCluster,
  type RedisSessionOptions,
  stateKeysFromEnv,
} from '../src/index.js';
import { freshPrefix, STATE_KEY, session, sleep } from './fixtures.js';
import { closeAll, open2025, post2025, startInstances } from './instances.js';
import { startRedis, type TestRedis } from './redis-server.js';

// An instance reuses the 2025 sessions it read lately; every change and end reaches the others
// before the request that made it is answered.

let redis: TestRedis;
let raw: ReturnType<typeof createClient>;
const clusters: RedisCluster[] = [];
beforeAll(async () => {
  redis = await startRedis();
  raw = createClient({ url: redis.url });
  await raw.connect();
});
afterAll(async () => {
  await raw?.quit();
  await Promise.all(clusters.map((cluster) => cluster.close()));
  await redis?.stop();
});

/** Two instances' session stores on one prefix. */
async function pair(sessions: RedisSessionOptions = {}) {
  const prefix = freshPrefix();
  const made = await Promise.all(
    ['a', 'b'].map((instanceId) =>
      createRedisCluster({
        url: redis.url,
        prefix,
        instanceId,
        sessions,
        stateKeys: stateKeysFromEnv(STATE_KEY),
      }),
    ),
  );
  clusters.push(...made);
  const [a, b] = made.map((cluster) => cluster.server.legacy.sessionStore);
  return { a: a!, b: b!, prefix };
}

describe('sessions reused by an instance', () => {
  it('the requests of a 2025 session on an instance that read it lately send no command to Redis', async () => {
    const instances = await startInstances(redis.url, 1);
    try {
      const [a] = instances;
      const id = await open2025(a!);
      const watcher = raw.duplicate();
      await watcher.connect();
      const seen: string[] = [];
      await watcher.monitor((line: string) => {
        if (!/:runner:/.test(line)) seen.push(line);
      });
      const call = { jsonrpc: '2.0', method: 'tools/call', params: { name: 'whoami', arguments: {} } };
      for (let i = 1; i <= 3; i++) expect((await post2025(a!, { ...call, id: i }, id)).status).toBe(200);
      await sleep(100);
      expect(seen).toEqual([]);
      watcher.destroy();
    } finally {
      await closeAll(instances);
    }
  });

  it('a change made on one instance is read on the other as soon as it is stored', async () => {
    const { a, b } = await pair();
    expect(await a.create(session('s1'))).toBe(true);
    expect(await b.get('s1')).toMatchObject({ subscriptions: [] });
    await a.update({ ...session('s1'), logLevel: 'debug', subscriptions: ['demo://x'] });
    expect(await b.get('s1')).toMatchObject({ logLevel: 'debug', subscriptions: ['demo://x'] });
    await b.update({ ...session('s1'), subscriptions: [] });
    expect(await a.get('s1')).toMatchObject({ subscriptions: [] });
  });

  it('a session ended on one instance is gone on the other as soon as the end is answered', async () => {
    const { a, b } = await pair();
    for (let i = 0; i < 20; i++) {
      expect(await a.create(session(`e${i}`))).toBe(true);
      expect(await b.get(`e${i}`)).toBeDefined();
      expect(await a.delete(`e${i}`)).toBe(true);
      expect(await b.get(`e${i}`)).toBeUndefined();
    }
  });

  it('a session removed behind its back is reused for cacheMs at most, and not at all with cacheMs 0', async () => {
    const { a, b, prefix } = await pair({ cacheMs: 200 });
    expect(await a.create(session('k1'))).toBe(true);
    expect(await b.get('k1')).toBeDefined();
    // No notice: what a lost pub/sub message looks like.
    await raw.del(`${prefix}:session:k1`);
    expect(await b.get('k1')).toBeDefined();
    await sleep(250);
    expect(await b.get('k1')).toBeUndefined();

    const strict = await pair({ cacheMs: 0 });
    expect(await strict.a.create(session('k2'))).toBe(true);
    expect(await strict.b.get('k2')).toBeDefined();
    await raw.del(`${strict.prefix}:session:k2`);
    expect(await strict.b.get('k2')).toBeUndefined();
  });

  it('an instance whose subscriber reconnected (it may have missed notices) reads Redis again', async () => {
    const { a, b, prefix } = await pair({ cacheMs: 60_000 });
    expect(await a.create(session('r1'))).toBe(true);
    expect(await b.get('r1')).toBeDefined();
    await raw.del(`${prefix}:session:r1`);
    expect(await b.get('r1')).toBeDefined();
    await raw.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub']);
    // Once the instance saw its subscriber drop (well within the 60 s it would reuse it otherwise).
    let found = await b.get('r1');
    for (const deadline = Date.now() + 2000; found !== undefined && Date.now() < deadline; ) {
      await sleep(20);
      found = await b.get('r1');
    }
    expect(found).toBeUndefined();
  });

  it('cacheMs must be a non-negative integer', async () => {
    await expect(
      createRedisCluster({
        url: redis.url,
        prefix: freshPrefix(),
        sessions: { cacheMs: -1 },
        stateKeys: stateKeysFromEnv(STATE_KEY),
      }),
    ).rejects.toThrow('sessions.cacheMs must be a non-negative integer');
  });
});
