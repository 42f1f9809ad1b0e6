// What the HTTP *client's* garbage collector does per call, in numbers a loaded machine does not move: for
// each subject, a child process (`--trace-gc --expose-gc`) starts the subject's HTTP server, connects the
// subject's client (the floor's node:http client for the floor), sends N/4 tools/call to warm up and N more,
// one after another. Prints the client's mark-compacts and scavenges over its whole life and in the measured
// calls, what it allocated per measured call (summed from the trace), its old generation after a full
// collection, and the measured p99. Subjects take turns within a round.
//
//   node bench/http-client-gc.mjs [--rounds 3] [--calls 20000] [--subjects floor,mcpkit]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getHeapSpaceStatistics } from 'node:v8';
import { startHttpServer } from './lib/http-server.mjs';
import { ECHO_TEXT, expectEcho } from './lib/mcp-wire.mjs';
import { latencySummary, median } from './lib/stats.mjs';
import { slotUrl } from './lib/subjects.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '20000' },
    subjects: { type: 'string', default: 'floor,mcpkit' },
    child: { type: 'string' },
  },
});
const calls = Number(values.calls);
const MARK = '@@measured@@';

async function child(subject) {
  const clientSlot = subject === 'floor' ? 'http-node' : 'http';
  const { connect } = await import(slotUrl(subject, clientSlot).href);
  const server = await startHttpServer(slotUrl(subject, 'http-server'));
  const client = await connect(server.url);
  for (let i = 0; i < calls / 4; i++) expectEcho(await client.callEcho(ECHO_TEXT));
  console.log(MARK);
  const latencies = new Array(calls);
  const started = performance.now();
  let now = started;
  for (let i = 0; i < calls; i++) {
    expectEcho(await client.callEcho(ECHO_TEXT));
    const after = performance.now();
    latencies[i] = after - now;
    now = after;
  }
  console.log(MARK);
  await client.close();
  await server.stop();
  globalThis.gc();
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
  const oldBytes =
    spaces.old_space + spaces.code_space + spaces.large_object_space + spaces.code_large_object_space;
  const { p50, p99 } = latencySummary(latencies);
  console.log(
    JSON.stringify({ oldKiB: oldBytes / 1024, p50, p99, callsPerSecond: (calls * 1000) / (now - started) }),
  );
}

function collections(trace) {
  return [...trace.matchAll(/: (Scavenge|Mark-Compact)[^\d]*([\d.]+) \([\d.]+\) -> ([\d.]+)/g)].map((m) => ({
    kind: m[1],
    before: Number(m[2]),
    after: Number(m[3]),
  }));
}

function sample(subject) {
  const run = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--trace-gc',
      fileURLToPath(import.meta.url),
      '--child',
      subject,
      '--calls',
      String(calls),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`${subject} client failed: ${run.stderr}`);
  const [before, measuredText, after] = run.stdout.split(MARK);
  const all = collections(before + measuredText);
  const measured = collections(measuredText);
  let allocated = 0;
  for (let i = 1; i < measured.length; i++) allocated += measured[i].before - measured[i - 1].after;
  const summary = JSON.parse(after.split('\n').find((line) => line.startsWith('{')));
  const count = (list, kind) => list.filter((c) => c.kind === kind).length;
  return {
    markCompacts: count(all, 'Mark-Compact'),
    scavenges: count(all, 'Scavenge'),
    measuredMarkCompacts: count(measured, 'Mark-Compact'),
    measuredScavenges: count(measured, 'Scavenge'),
    allocatedKiB: (allocated * 1024) / calls,
    ...summary,
  };
}

const format = (r) =>
  `mark-compacts ${r.markCompacts} (measured ${r.measuredMarkCompacts})  scavenges ${r.scavenges} ` +
  `(measured ${r.measuredScavenges})  allocated ${r.allocatedKiB.toFixed(2)} KiB/call  old generation ` +
  `after full GC ${r.oldKiB.toFixed(0)} KiB  p50 ${r.p50.toFixed(3)} p99 ${r.p99.toFixed(3)} ms  ` +
  `${Math.round(r.callsPerSecond)} calls/s`;

if (values.child !== undefined) {
  await child(values.child);
} else {
  const subjects = values.subjects.split(',');
  const results = Object.fromEntries(subjects.map((subject) => [subject, []]));
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const subject of subjects) {
      const result = sample(subject);
      results[subject].push(result);
      console.log(`round ${round}  ${subject.padEnd(8)} ${format(result)}`);
    }
  }
  for (const subject of subjects) {
    const runs = results[subject];
    const summary = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
    console.log(`median   ${subject.padEnd(8)} ${format(summary)}`);
  }
}
