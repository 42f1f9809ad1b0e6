// What the memory workload's RSS is made of: the V8 heap behind each of its servers. Drives the workload's
// tools/call (`workloads/memory.mjs`, 64 in flight) into the floor and mcpkit serving both of its apps (tools
// declared with zod, no zod in the app), then into mcpkit with V8's young generation capped at the size the
// floor with zod ends with. Prints each one's RSS after N calls (read as the workload reads it), V8's young
// generation (both semi-spaces) and old space in use. Usage: node memory-anatomy.mjs [--quick]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnTracked } from './lib/children.mjs';
import { LineClient } from './lib/line-client.mjs';
import { median } from './lib/stats.mjs';
import { appServerUrl } from './lib/subjects.mjs';
import { BATCHES, rssAfter, rssReadings } from './workloads/memory.mjs';

const quick = process.argv.includes('--quick');
const CALLS = quick ? 20_000 : 100_000;
const ROUNDS = quick ? 2 : 3;
const MiB = 1024 * 1024;
const reportPreload = fileURLToPath(new URL('./anatomy/heap-report.cjs', import.meta.url));

/** One sample: RSS after CALLS calls, and the heap spaces the server reported as it exited. */
async function sample(script, nodeFlags, scratch) {
  const reportFile = join(scratch, 'heap.json');
  const child = spawnTracked(
    process.execPath,
    [...nodeFlags, '--require', reportPreload, fileURLToPath(script)],
    { env: { ...process.env, MEMORY_ANATOMY_REPORT: reportFile } },
  );
  const raw = new LineClient(child);
  let readings;
  try {
    readings = await rssReadings(raw, CALLS / BATCHES, BATCHES);
  } finally {
    await raw.close();
  }
  const spaces = JSON.parse(readFileSync(reportFile, 'utf8'));
  rmSync(reportFile);
  return {
    rss: rssAfter(readings),
    young: spaces.new_space.space_size / MiB,
    old: spaces.old_space.space_used_size / MiB,
  };
}

const range = (values, digits) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function measure(label, script, nodeFlags, scratch) {
  const samples = [];
  for (let round = 0; round < ROUNDS; round++) samples.push(await sample(script, nodeFlags, scratch));
  const young = samples.map((s) => s.young);
  console.log(
    `${label.padEnd(44)} RSS ${range(
      samples.map((s) => s.rss),
      1,
    ).padEnd(20)} young generation ${range(young, 0).padEnd(12)} MiB, old space in use ${range(
      samples.map((s) => s.old),
      1,
    )} MiB`,
  );
  return young;
}

const scratch = mkdtempSync(join(tmpdir(), 'memory-anatomy-'));
try {
  console.log(`${CALLS / 1000}k calls, 64 in flight, ${ROUNDS} rounds each; MiB, median (min–max)`);
  await measure('floor', appServerUrl('floor', 'json'), [], scratch);
  const floorZodYoung = await measure('floor + zod schemas', appServerUrl('floor', 'zod'), [], scratch);
  await measure('mcpkit, tool in zod', appServerUrl('mcpkit', 'zod'), [], scratch);
  await measure('mcpkit, tool in JSON Schema', appServerUrl('mcpkit', 'json'), [], scratch);
  const semiSpace = Math.max(1, Math.round(median(floorZodYoung) / 2));
  await measure(
    `mcpkit, tool in zod, young generation ${2 * semiSpace} MiB`,
    appServerUrl('mcpkit', 'zod'),
    [`--max-semi-space-size=${semiSpace}`],
    scratch,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
