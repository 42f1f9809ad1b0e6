// What the HTTP server's garbage collector does per request, in numbers a loaded machine does not move:
// spawns each subject's HTTP server script with `--trace-gc`, sends it N/4 tools/call to warm up and then N
// more, one after another, with the floor node:http client. Prints the mark-compacts and scavenges the
// server ran over its whole life and in the measured calls, the heap it allocated per measured call (summed
// from the trace: each collection's heap before it minus the heap after the one before), and V8's old
// generation after a full collection at exit (`anatomy/gc-report.cjs`). Subjects take turns within a round.
//
//   node bench/http-server-gc.mjs [--rounds 3] [--calls 20000] [--subjects floor,mcpkit]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnTracked, stopChild, waitForLine } from './lib/children.mjs';
import { ECHO_TEXT, expectEcho } from './lib/mcp-wire.mjs';
import { median } from './lib/stats.mjs';
import { slotUrl } from './lib/subjects.mjs';
import { connect } from './subjects/floor/http-node.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '20000' },
    subjects: { type: 'string', default: 'floor,mcpkit' },
  },
});
const rounds = Number(values.rounds);
const calls = Number(values.calls);
const subjects = values.subjects.split(',');
const report = fileURLToPath(new URL('./anatomy/gc-report.cjs', import.meta.url));
const KiB = 1024;

/** The collections in `--trace-gc` output: kind, heap in use before and after (V8's "MB" are MiB). */
function collections(trace) {
  return [...trace.matchAll(/: (Scavenge|Mark-Compact)[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+)/g)].map((m) => ({
    kind: m[1],
    before: Number(m[2]),
    after: Number(m[3]),
  }));
}

/** What was allocated between the first and the last of `events`, in MiB (to 0.1 MiB each). */
function allocatedMiB(events) {
  let sum = 0;
  for (let i = 1; i < events.length; i++) sum += events[i].before - events[i - 1].after;
  return sum;
}

async function sample(subject, scratch) {
  const reportFile = join(scratch, `${subject}.json`);
  const child = spawnTracked(
    process.execPath,
    ['--expose-gc', '--trace-gc', '--require', report, fileURLToPath(slotUrl(subject, 'http-server'))],
    { env: { ...process.env, MEMORY_ANATOMY_REPORT: reportFile } },
  );
  const port = await waitForLine(child, /listening (\d+)/);
  let traced = '';
  child.stdout.on('data', (chunk) => {
    traced += chunk;
  });
  const client = await connect(`http://127.0.0.1:${port}/mcp`);
  for (let i = 0; i < calls / 4; i++) expectEcho(await client.callEcho(ECHO_TEXT));
  const warm = traced.length;
  const started = performance.now();
  for (let i = 0; i < calls; i++) expectEcho(await client.callEcho(ECHO_TEXT));
  const seconds = (performance.now() - started) / 1000;
  const measured = collections(traced.slice(warm));
  // Read before the server exits: the full collection of its exit report is ours, not the server's.
  const all = collections(traced);
  await client.close();
  await stopChild(child);
  const { spaces } = JSON.parse(readFileSync(reportFile, 'utf8'));
  rmSync(reportFile);
  return {
    markCompacts: all.filter((c) => c.kind === 'Mark-Compact').length,
    scavenges: all.filter((c) => c.kind === 'Scavenge').length,
    measuredMarkCompacts: measured.filter((c) => c.kind === 'Mark-Compact').length,
    measuredScavenges: measured.filter((c) => c.kind === 'Scavenge').length,
    allocatedKiB: (allocatedMiB(measured) * 1024) / calls,
    oldKiB:
      (spaces.old_space + spaces.code_space + spaces.large_object_space + spaces.code_large_object_space) /
      KiB,
    callsPerSecond: calls / seconds,
  };
}

const format = (r) =>
  `mark-compacts ${r.markCompacts} (measured ${r.measuredMarkCompacts})  scavenges ${r.scavenges} ` +
  `(measured ${r.measuredScavenges})  allocated ${r.allocatedKiB.toFixed(2)} KiB/call  ` +
  `old generation after full GC ${r.oldKiB.toFixed(0)} KiB  ${Math.round(r.callsPerSecond)} calls/s`;

const scratch = mkdtempSync(join(tmpdir(), 'http-server-gc-'));
const results = Object.fromEntries(subjects.map((subject) => [subject, []]));
try {
  for (let round = 1; round <= rounds; round++) {
    for (const subject of subjects) {
      const result = await sample(subject, scratch);
      results[subject].push(result);
      console.log(`round ${round}  ${subject.padEnd(8)} ${format(result)}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
for (const subject of subjects) {
  const runs = results[subject];
  const of = (key) => median(runs.map((run) => run[key]));
  const keys = Object.keys(runs[0]);
  const summary = Object.fromEntries(keys.map((key) => [key, of(key)]));
  console.log(`median   ${subject.padEnd(8)} ${format(summary)}`);
}
