// What the memory workload's RSS is made of. Drives the same tools/call as `workloads/memory.mjs` (64 in
// flight) into: the floor; the floor with what the mcpkit and official subjects' apps load themselves (`zod`
// and their two schemas, each call's arguments parsed); mcpkit; mcpkit with V8's young generation capped at
// the size the floor with zod ends with; and mcpkit serving its tool from a JSON Schema (no zod in the app). Prints each one's RSS after N calls (median of the readings in the
// second half, as the workload reads it), V8's young generation (both semi-spaces) and old space in use.
// Usage: node memory-anatomy.mjs [--quick]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnTracked } from './lib/children.mjs';
import { LineClient } from './lib/line-client.mjs';
import { callEchoRequest, echoTextOf, expectEcho } from './lib/mcp-wire.mjs';
import { rssOf } from './lib/rss.mjs';
import { median } from './lib/stats.mjs';

const quick = process.argv.includes('--quick');
const CALLS = quick ? 20_000 : 100_000;
const ROUNDS = quick ? 2 : 3;
const BATCHES = 10;
const CONCURRENCY = 64;
const MiB = 1024 * 1024;
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const reportPreload = here('./anatomy/heap-report.cjs');

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

/** One sample: RSS after CALLS calls, and the heap spaces the server reported as it exited. */
async function sample(script, nodeFlags, scratch) {
  const reportFile = join(scratch, 'heap.json');
  const child = spawnTracked(process.execPath, [...nodeFlags, '--require', reportPreload, script], {
    env: { ...process.env, MEMORY_ANATOMY_REPORT: reportFile },
  });
  const raw = new LineClient(child);
  const readings = [];
  try {
    for (let batch = 0; batch < BATCHES; batch++) {
      await drive(raw, CALLS / BATCHES);
      readings.push(rssOf(raw.pid) / MiB);
    }
  } finally {
    await raw.close();
  }
  const spaces = JSON.parse(readFileSync(reportFile, 'utf8'));
  rmSync(reportFile);
  return {
    rss: median(readings.slice(BATCHES / 2)),
    young: spaces.new_space.space_size / MiB,
    old: spaces.old_space.space_used_size / MiB,
  };
}

const range = (values, digits) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function measure(label, script, nodeFlags, scratch) {
  const samples = [];
  for (let round = 0; round < ROUNDS; round++) samples.push(await sample(script, nodeFlags, scratch));
  const row = {
    label,
    rss: samples.map((s) => s.rss),
    young: samples.map((s) => s.young),
    old: samples.map((s) => s.old),
  };
  console.log(
    `${label.padEnd(44)} RSS ${range(row.rss, 1).padEnd(20)} young generation ${range(row.young, 0).padEnd(12)} MiB, old space in use ${range(row.old, 1)} MiB`,
  );
  return row;
}

const scratch = mkdtempSync(join(tmpdir(), 'memory-anatomy-'));
try {
  console.log(
    `${CALLS / 1000}k calls, ${CONCURRENCY} in flight, ${ROUNDS} rounds each; MiB, median (min–max)`,
  );
  const floor = await measure('floor', here('./subjects/floor/stdio-server.mjs'), [], scratch);
  const floorZod = await measure('floor + zod schemas', here('./anatomy/floor-zod-server.mjs'), [], scratch);
  const mcpkit = await measure('mcpkit', here('./subjects/mcpkit/stdio-server.mjs'), [], scratch);
  const semiSpace = Math.max(1, Math.round(median(floorZod.young) / 2));
  await measure(
    `mcpkit, young generation capped at ${2 * semiSpace} MiB`,
    here('./subjects/mcpkit/stdio-server.mjs'),
    [`--max-semi-space-size=${semiSpace}`],
    scratch,
  );
  const json = await measure(
    'mcpkit, tool in JSON Schema',
    here('./anatomy/mcpkit-json-server.mjs'),
    [],
    scratch,
  );
  console.log(
    `ratios to the floor: floor + zod ${(median(floorZod.rss) / median(floor.rss)).toFixed(2)}×, mcpkit ${(median(mcpkit.rss) / median(floor.rss)).toFixed(2)}×, mcpkit with JSON Schema ${(median(json.rss) / median(floor.rss)).toFixed(2)}×`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
