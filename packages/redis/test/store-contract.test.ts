import { MemoryReplayStore, type ReplayStore } from '@mcpkit/auth/server';
import { InMemorySessionStore, InMemoryTaskStore, type SessionStore, type TaskStore } from '@mcpkit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCluster, type RedisCluster, stateKeysFromEnv } from '../src/index.js';
import { freshPrefix, STATE_KEY, session, sleep, task } from './fixtures.js';
import { startRedis, type TestRedis } from './redis-server.js';

// One suite, two stores: what the in-memory stores do, the Redis ones do too.
let redis: TestRedis;
const clusters: RedisCluster[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(clusters.map((cluster) => cluster.close()));
  await redis?.stop();
});

interface Limits {
  sessions?: {
    ttlMs?: number;
    maxSessions?: number;
    maxSessionsPerPrincipal?: number;
    maxSessionBytes?: number;
  };
  tasks?: { maxTasks?: number; maxTasksPerPrincipal?: number };
  replay?: { maxEntries?: number; maxEntriesPerPrincipal?: number };
}

interface Stores {
  sessions: SessionStore;
  tasks: TaskStore;
  replay: ReplayStore;
}

const kinds: [string, (limits: Limits) => Promise<Stores>][] = [
  [
    'in memory',
    async (limits) => ({
      sessions: new InMemorySessionStore(limits.sessions),
      tasks: new InMemoryTaskStore(limits.tasks),
      replay: new MemoryReplayStore(limits.replay),
    }),
  ],
  [
    'redis',
    async (limits) => {
      const cluster = await createRedisCluster({
        url: redis.url,
        prefix: freshPrefix(),
        stateKeys: stateKeysFromEnv(STATE_KEY),
        tasks: limits.tasks ?? true,
        sessions: limits.sessions,
        replay: limits.replay,
      });
      clusters.push(cluster);
      return {
        sessions: cluster.server.legacy.sessionStore,
        tasks: cluster.server.tasks!.store,
        replay: cluster.replayStore,
      };
    },
  ],
];

describe.each(kinds)('store contract: %s', (_kind, make) => {
  it('a session is stored, read, updated and ended', async () => {
    const { sessions } = await make({});
    expect(await sessions.create(session('s1', 'alice'))).toBe(true);
    expect(await sessions.get('s1')).toEqual(session('s1', 'alice'));
    await sessions.update({ ...session('s1', 'alice'), logLevel: 'debug', subscriptions: ['file:///a'] });
    expect(await sessions.get('s1')).toMatchObject({
      principal: 'alice',
      logLevel: 'debug',
      subscriptions: ['file:///a'],
    });
    expect(await sessions.delete('s1')).toBe(true);
    expect(await sessions.get('s1')).toBeUndefined();
    expect(await sessions.delete('s1')).toBe(false);
    await sessions.update(session('s1'));
    expect(await sessions.get('s1')).toBeUndefined();
  });

  it('sessions beyond maxSessions or a principal quota are refused; ending one frees its place', async () => {
    const { sessions } = await make({ sessions: { maxSessions: 3, maxSessionsPerPrincipal: 2 } });
    expect(await sessions.create(session('a1', 'alice'))).toBe(true);
    expect(await sessions.create(session('a2', 'alice'))).toBe(true);
    expect(await sessions.create(session('a3', 'alice'))).toBe(false);
    expect(await sessions.create(session('b1', 'bob'))).toBe(true);
    expect(await sessions.create(session('n1'))).toBe(false);
    expect(await sessions.delete('a1')).toBe(true);
    expect(await sessions.create(session('a3', 'alice'))).toBe(true);
  });

  it('sessions beyond maxSessionBytes are refused', async () => {
    const size = Buffer.byteLength(JSON.stringify(session('x1', undefined, 'p'.repeat(100))));
    const { sessions } = await make({ sessions: { maxSessionBytes: size * 2 + 10 } });
    expect(await sessions.create(session('x1', undefined, 'p'.repeat(100)))).toBe(true);
    expect(await sessions.create(session('x2', undefined, 'p'.repeat(100)))).toBe(true);
    expect(await sessions.create(session('x3', undefined, 'p'.repeat(100)))).toBe(false);
    await sessions.delete('x2');
    expect(await sessions.create(session('x3', undefined, 'p'.repeat(100)))).toBe(true);
  });

  it('a session unused for ttlMs ends; using it keeps it', async () => {
    // Uses 200 ms apart against a TTL of 800 ms leave room for a loaded machine's late timers.
    const { sessions } = await make({ sessions: { ttlMs: 800, maxSessions: 1 } });
    expect(await sessions.create(session('used'))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await sleep(200);
      expect(await sessions.get('used')).toBeDefined();
    }
    await sleep(1000);
    expect(await sessions.get('used')).toBeUndefined();
    expect(await sessions.create(session('next'))).toBe(true);
  });

  it('a task is stored, replaced and deleted; its owner is kept', async () => {
    const { tasks } = await make({});
    const made = task('t1', 'alice');
    await tasks.create(made);
    expect(await tasks.get('t1')).toEqual(made);
    await tasks.put({ ...made, task: { ...made.task, status: 'completed', result: { content: [] } } });
    expect((await tasks.get('t1'))?.task.status).toBe('completed');
    expect((await tasks.get('t1'))?.owner).toBe('alice');
    await tasks.delete('t1');
    expect(await tasks.get('t1')).toBeUndefined();
  });

  it('tasks beyond maxTasks or an owner quota are refused with HTTP 503; expired ones make room', async () => {
    const { tasks } = await make({ tasks: { maxTasks: 3, maxTasksPerPrincipal: 2 } });
    await tasks.create(task('a1', 'alice'));
    await tasks.create(task('a2', 'alice'));
    await expect(tasks.create(task('a3', 'alice'))).rejects.toMatchObject({
      reason: 'overloaded',
      message: expect.stringContaining('You hold the most tasks one caller may (2)'),
    });
    await tasks.create(task('e1', undefined, Date.now() + 100));
    await expect(tasks.create(task('b1', 'bob'))).rejects.toMatchObject({
      message: expect.stringContaining('The server holds its most tasks (3)'),
    });
    await sleep(150);
    await tasks.create(task('b1', 'bob'));
    await tasks.delete('a1');
    await tasks.create(task('a3', 'alice'));
  });

  it('a replay key is claimed once until it expires; an owner holds at most its quota', async () => {
    const { replay } = await make({ replay: { maxEntriesPerPrincipal: 2 } });
    const soon = Date.now() + 300;
    expect(await replay.claim('j1', soon, 'alice')).toBe(true);
    expect(await replay.claim('j1', soon, 'alice')).toBe(false);
    expect(await replay.claim('j1', soon, 'bob')).toBe(false);
    expect(await replay.claim('j2', soon, 'alice')).toBe(true);
    expect(await replay.claim('j3', soon, 'alice')).toBe(false);
    expect(await replay.claim('j3', soon, 'bob')).toBe(true);
    await sleep(350);
    expect(await replay.claim('j1', Date.now() + 1000, 'alice')).toBe(true);
  });
});
