// Workload: mcpkit on Redis (@mcpkit/redis) against mcpkit in memory, in one run. A 2025-11-25 session's
// tools/call through the Redis session store against the in-memory store (target: at most 1.3x the time
// per call), a stateless 2026-07-28 call on both (it touches no store: unchanged within noise), and the
// latency of a resources/updated published on one instance to a listen stream open on another (p50 at
// most 2 ms on loopback). The two servers are called in turn, one call each, so both see the same load.
import { startHttpServer } from '../lib/http-server.mjs';
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { startRedis } from '../lib/redis-server.mjs';
import { latencySummary } from '../lib/stats.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'cluster';
export const title = 'many instances on Redis (@mcpkit/redis) vs one in memory';
export const slots = ['cluster', 'legacy'];
export const rounds = (config) => config.rounds;
export const metrics = () => [
  {
    id: 'sessionMemory',
    label: 'HTTP, 2025-11-25 session, sessions in memory, p50',
    unit: 'ms',
    better: 'lower',
  },
  {
    id: 'sessionRedis',
    label: 'HTTP, 2025-11-25 session, sessions on Redis, p50',
    unit: 'ms',
    better: 'lower',
  },
  { id: 'sessionRatio', label: 'HTTP session call p50, Redis ÷ memory', unit: '×', better: 'lower' },
  {
    id: 'modernMemory',
    label: 'HTTP, 2026-07-28 stateless, server in memory, p50',
    unit: 'ms',
    better: 'lower',
  },
  {
    id: 'modernRedis',
    label: 'HTTP, 2026-07-28 stateless, server on Redis, p50',
    unit: 'ms',
    better: 'lower',
  },
  { id: 'modernRatio', label: 'HTTP stateless call p50, Redis ÷ memory', unit: '×', better: 'lower' },
  { id: 'fanoutP50', label: 'listen fan-out across instances, p50', unit: 'ms', better: 'lower' },
  { id: 'fanoutP99', label: 'listen fan-out across instances, p99', unit: 'ms', better: 'lower' },
];

/**
 * Calls `memory` and `redis` in turn, one call each, after a warm-up of both: every pair sees the same
 * machine load, which windows of a busy 2-core machine do not. The p50 latency of each, in ms.
 */
async function interleave(memory, redis, config) {
  const warmEnd = performance.now() + config.warmupMs;
  while (performance.now() < warmEnd) {
    await memory();
    await redis();
  }
  const times = { memory: [], redis: [] };
  const end = performance.now() + config.measureMs * 2;
  while (performance.now() < end) {
    for (const [name, call] of [
      ['memory', memory],
      ['redis', redis],
    ]) {
      const started = performance.now();
      await call();
      times[name].push(performance.now() - started);
    }
  }
  return { memory: latencySummary(times.memory).p50, redis: latencySummary(times.redis).p50 };
}

export async function sample(subject, config) {
  const { serverScript, stateKeyEnv, openFanout } = await loadSlot(subject, 'cluster');
  const { connect } = await loadSlot(subject, 'legacy');
  const redis = await startRedis();
  Object.assign(process.env, stateKeyEnv);
  const servers = [];
  const clients = [];
  try {
    const memoryServer = await startHttpServer(serverScript);
    servers.push(memoryServer);
    const redisServer = await startHttpServer(serverScript, 1, [], ['--redis', redis.url]);
    servers.push(redisServer);
    const onMemory = await connect(memoryServer.url);
    clients.push(onMemory);
    const onRedis = await connect(redisServer.url);
    clients.push(onRedis);
    const call = (client, era) => async () => expectEcho(await client[era].callEcho(ECHO_TEXT));
    const sessions = await interleave(call(onMemory, 'legacy'), call(onRedis, 'legacy'), config);
    const modern = await interleave(call(onMemory, 'modern'), call(onRedis, 'modern'), config);
    const fanout = await openFanout(redis.url);
    const latencies = [];
    try {
      const count = config.mode === 'quick' ? 200 : 1000;
      for (let i = 0; i < count / 10; i++) await fanout.publish();
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await fanout.publish();
        latencies.push(performance.now() - started);
      }
    } finally {
      await fanout.close();
    }
    const { p50, p99 } = latencySummary(latencies);
    return {
      sessionMemory: sessions.memory,
      sessionRedis: sessions.redis,
      sessionRatio: sessions.redis / sessions.memory,
      modernMemory: modern.memory,
      modernRedis: modern.redis,
      modernRatio: modern.redis / modern.memory,
      fanoutP50: p50,
      fanoutP99: p99,
    };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(servers.map((server) => server.stop()));
    await redis.stop();
  }
}
