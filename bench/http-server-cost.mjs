// Server cost per request on node:http: spawns each subject's HTTP server script, drives it with the floor
// node:http client one tools/call after another, and prints calls/s, p50 and p99 per round. Subjects take
// turns within a round, so a neighbour's load on the machine hits them alike; the last lines are medians.
// "server CPU" is the server process's user + system time per call (Linux /proc, 10 ms ticks).
//
//   node bench/http-server-cost.mjs [--rounds 5] [--seconds 3] [--subjects floor,mcpkit] [--cpu-prof DIR]
//                                   [--connections 64]
//
// `--cpu-prof DIR` starts the servers with `--cpu-prof`, one profile per server process, in DIR.
// `--connections N` drives each server with autocannon over N keep-alive connections instead (req/s, p50, p99).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startHttpServer } from './lib/http-server.mjs';
import { ECHO_TEXT, expectEcho } from './lib/mcp-wire.mjs';
import { latencySummary, median } from './lib/stats.mjs';
import { slotUrl } from './lib/subjects.mjs';
import { connect } from './subjects/floor/http-node.mjs';
import { checkedLoad } from './workloads/http-load.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    'warmup-seconds': { type: 'string', default: '1' },
    subjects: { type: 'string', default: 'floor,mcpkit' },
    'cpu-prof': { type: 'string' },
    connections: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const measureMs = Number(values.seconds) * 1000;
const warmupMs = Number(values['warmup-seconds']) * 1000;
const subjects = values.subjects.split(',');
const cpuProfDir = values['cpu-prof'];
const connections = values.connections === undefined ? undefined : Number(values.connections);

function startServer(subject) {
  const profiling =
    cpuProfDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-interval', '50', '--cpu-prof-dir', cpuProfDir];
  return startHttpServer(slotUrl(subject, 'http-server'), 1, profiling);
}

/** CPU time a process has used so far, user plus system, in µs (Linux: /proc/<pid>/stat, 100 ticks/s). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function runFor(client, ms, latencies) {
  const end = performance.now() + ms;
  let calls = 0;
  while (performance.now() < end) {
    const start = performance.now();
    expectEcho(await client.callEcho(ECHO_TEXT));
    latencies?.push(performance.now() - start);
    calls++;
  }
  return calls;
}

/** The load workload's autocannon run (sampled bodies checked) over `connections` keep-alive connections. */
async function measureLoad(subject) {
  const server = await startServer(subject);
  try {
    await checkedLoad(server.url, connections, warmupMs / 1000);
    const cpuBefore = cpuMicros(server.pid);
    const result = await checkedLoad(server.url, connections, measureMs / 1000);
    if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${subject}: requests failed`);
    return {
      callsPerSecond: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      serverCpu: (cpuMicros(server.pid) - cpuBefore) / result.requests.total,
    };
  } finally {
    await server.stop();
  }
}

async function measure(subject) {
  if (connections !== undefined) return measureLoad(subject);
  const server = await startServer(subject);
  const client = await connect(server.url);
  try {
    await runFor(client, warmupMs);
    const latencies = [];
    const started = performance.now();
    const cpuBefore = cpuMicros(server.pid);
    const calls = await runFor(client, measureMs, latencies);
    const serverCpu = (cpuMicros(server.pid) - cpuBefore) / calls;
    const { p50, p99 } = latencySummary(latencies);
    return { callsPerSecond: (calls * 1000) / (performance.now() - started), p50, p99, serverCpu };
  } finally {
    await client.close();
    await server.stop();
  }
}

const format = ({ callsPerSecond, p50, p99, serverCpu }) =>
  `${Math.round(callsPerSecond).toString().padStart(6)} calls/s  p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms  server CPU ${serverCpu.toFixed(1)} µs/call`;

const results = Object.fromEntries(subjects.map((subject) => [subject, []]));
for (let round = 1; round <= rounds; round++) {
  for (const subject of subjects) {
    const result = await measure(subject);
    results[subject].push(result);
    console.log(`round ${round}  ${subject.padEnd(8)} ${format(result)}`);
  }
}
for (const subject of subjects) {
  const runs = results[subject];
  const medianOf = (key) => median(runs.map((run) => run[key]));
  const summary = {
    callsPerSecond: medianOf('callsPerSecond'),
    p50: medianOf('p50'),
    p99: medianOf('p99'),
    serverCpu: medianOf('serverCpu'),
  };
  console.log(`median   ${subject.padEnd(8)} ${format(summary)}`);
}
