// Workload 6: server memory. The raw line client sends N tools/call requests (64 in flight) to the subject's
// stdio server, reads the server's RSS, sends N more and reads it again: growth between N and 2N is a leak.
import { LineClient } from '../lib/line-client.mjs';
import { callEchoRequest, echoTextOf, expectEcho } from '../lib/mcp-wire.mjs';
import { sleep } from '../lib/measure.mjs';
import { rssOf } from '../lib/rss.mjs';
import { slotUrl } from '../lib/subjects.mjs';
import { serverSpawn } from './stdio.mjs';

const MiB = 1024 * 1024;
const CONCURRENCY = 64;

export const id = 'memory';
export const title = 'server memory over stdio';
export const slots = ['stdio-server'];
export const rounds = (config) => config.memoryRounds;
export const metrics = (config) => {
  const n = `${config.memoryCalls / 1000}k`;
  return [
    { id: 'rss', label: `server RSS after ${n} calls`, unit: 'MiB', better: 'lower' },
    {
      id: 'growth',
      label: `RSS growth ${n} → ${(2 * config.memoryCalls) / 1000}k calls`,
      unit: 'MiB',
      better: 'lower',
      ratio: false,
    },
  ];
};

async function drive(raw, calls) {
  let sent = 0;
  const worker = async () => {
    while (sent < calls) {
      sent++;
      const response = await raw.send(callEchoRequest(raw.nextId()));
      expectEcho(echoTextOf(response.result));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

async function settledRss(pid) {
  await sleep(200);
  return rssOf(pid);
}

export async function sample(subject, config) {
  const { command, args } = serverSpawn(slotUrl(subject, 'stdio-server'));
  const raw = LineClient.spawn(command, args);
  try {
    await drive(raw, config.memoryCalls);
    const first = await settledRss(raw.pid);
    await drive(raw, config.memoryCalls);
    const second = await settledRss(raw.pid);
    return { rss: first / MiB, growth: (second - first) / MiB };
  } finally {
    await raw.close();
  }
}
