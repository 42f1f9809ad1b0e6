// Workload 6: server memory. The raw line client sends 2N tools/call requests (64 in flight) to the subject's
// stdio server in 20 batches, reading the server's RSS after each. "RSS after N" is the median of the readings
// in the second half of the first N calls; "growth" is the least-squares trend of the readings from N to 2N,
// scaled to N calls, so the sawtooth of the garbage collector does not read as a leak (or hide one). Measured
// for both apps of `APPS` (tools declared with zod, no zod in the app), so a row compares the same app.
import { LineClient } from '../lib/line-client.mjs';
import { callEchoRequest, echoTextOf, expectEcho } from '../lib/mcp-wire.mjs';
import { rssOf } from '../lib/rss.mjs';
import { median } from '../lib/stats.mjs';
import { APPS, APPS_NOTE, appServerUrl } from '../lib/subjects.mjs';
import { serverSpawn } from './stdio.mjs';

const MiB = 1024 * 1024;
const CONCURRENCY = 64;
export const BATCHES = 10;

export const id = 'memory';
export const title = 'server memory over stdio';
export const note = APPS_NOTE;
export const slots = ['stdio-server'];
export const rounds = (config) => config.memoryRounds;
export const metrics = (config) => {
  const n = `${config.memoryCalls / 1000}k`;
  const trend = `RSS trend ${n} → ${(2 * config.memoryCalls) / 1000}k calls`;
  return [
    ...APPS.map((app) => ({
      id: `rss_${app.id}`,
      label: `server RSS after ${n} calls, ${app.label}`,
      unit: 'MiB',
      better: 'lower',
    })),
    ...APPS.map((app) => ({
      id: `growth_${app.id}`,
      label: `${trend}, ${app.label}`,
      unit: 'MiB',
      better: 'lower',
      ratio: false,
    })),
  ];
};

/** Sends `calls` tools/call requests through `raw`, 64 in flight, checking every answer. */
export async function drive(raw, calls) {
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

/** Drives `batches` batches of `batchCalls` calls into `raw`, reading its RSS (MiB) after each. */
export async function rssReadings(raw, batchCalls, batches) {
  const readings = [];
  for (let batch = 0; batch < batches; batch++) {
    await drive(raw, batchCalls);
    readings.push(rssOf(raw.pid) / MiB);
  }
  return readings;
}

/** "RSS after N" as this workload reads it: the median of the readings in the second half of the first N calls. */
export const rssAfter = (readings) => median(readings.slice(BATCHES / 2, BATCHES));

/** Least-squares slope of `ys` against 0, 1, 2, … */
export function slope(ys) {
  const n = ys.length;
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  for (let x = 0; x < n; x++) {
    num += (x - meanX) * (ys[x] - meanY);
    den += (x - meanX) ** 2;
  }
  return num / den;
}

export async function sample(subject, config) {
  const result = {};
  for (const app of APPS) {
    const script = appServerUrl(subject, app.id);
    if (script === null) continue;
    const { command, args } = serverSpawn(script);
    const raw = LineClient.spawn(command, args);
    try {
      const readings = await rssReadings(raw, config.memoryCalls / BATCHES, 2 * BATCHES);
      const second = readings.slice(BATCHES - 1); // from the reading at N to the one at 2N
      result[`rss_${app.id}`] = rssAfter(readings);
      result[`growth_${app.id}`] = slope(second) * BATCHES;
    } finally {
      await raw.close();
    }
  }
  return result;
}
