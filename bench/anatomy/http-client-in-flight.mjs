// `node http-client-in-flight.mjs [--server mcpkit|official] [--levels 1,8,64,256] [--rounds 3] [--ms 1500]
// [--clients floor,mcpkit,transport] [--sockets 8,64,…]`: HTTP clients against one server process, so that only the
// client differs. Each round runs every in-flight level, and within a level every client back to back
// (A B A B …), each on fresh connections after a warm-up. Prints calls/s and this process's CPU per call
// (client-side only: the server is a child process), median and min–max across rounds. `transport` is
// mcpkit's transport without `McpClient`, which tells the engine's cost from the client's call chain.
// `--sockets 8,64,Infinity` adds `mcpkit/8`, …: mcpkit's client with its agent's `maxSockets` set to each
// (default 64).
// `--base <dir>` adds `base`: mcpkit's client over the transport-http `dist` found in <dir> (e.g. a copy
// of main's build), for an interleaved A/B.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { startHttpServer } from '../lib/http-server.mjs';
import { callEchoRequest, ECHO_TEXT, echoTextOf, expectEcho } from '../lib/mcp-wire.mjs';
import { spread } from '../lib/stats.mjs';
import { connect as connectFloor } from '../subjects/floor/http-node.mjs';
import { connectClient } from '../subjects/mcpkit/client.mjs';

const { values: options } = parseArgs({
  options: {
    server: { type: 'string', default: 'mcpkit' },
    levels: { type: 'string', default: '1,8,64,256' },
    rounds: { type: 'string', default: '3' },
    ms: { type: 'string', default: '1500' },
    clients: { type: 'string', default: 'floor,mcpkit' },
    sockets: { type: 'string', default: '' },
    base: { type: 'string' },
  },
});

const levels = options.levels.split(',').map(Number);
const rounds = Number(options.rounds);
const measureMs = Number(options.ms);
const warmupMs = Math.max(300, measureMs / 2);

const clients = new Map();
for (const name of options.clients.split(',').filter(Boolean)) {
  if (name === 'floor') clients.set(name, connectFloor);
  else if (name === 'mcpkit') clients.set(name, (url) => connectClient(createHttpClientTransport(url)));
  else if (name === 'transport') clients.set(name, (url) => connectTransport(createHttpClientTransport(url)));
  else throw new Error(`unknown client ${name}: floor, mcpkit or transport (see --sockets and --base)`);
}
for (const sockets of options.sockets.split(',').filter(Boolean)) {
  clients.set(`mcpkit/${sockets}`, (url) =>
    withMaxSockets(Number(sockets), () => clients.get('mcpkit')(url)),
  );
}
if (options.base !== undefined) {
  const base = await import(pathToFileURL(`${options.base}/index.js`).href);
  clients.set('base', (url) => connectClient(base.createHttpClientTransport(url)));
}

/** mcpkit's HTTP transport alone, without `McpClient`: the same POST, so the difference is the client's. */
function connectTransport(transport) {
  let nextId = 1;
  return {
    callEcho: async (text) => {
      let answer;
      for await (const message of transport.exchange(callEchoRequest(nextId++, text), {})) answer = message;
      return echoTextOf(answer.result);
    },
    close: () => transport.close(),
  };
}

/**
 * Runs `connect` with the transport's agent capped at `maxSockets` (`Infinity` for none): the agent is
 * built by the first request, during `connect`, from the `Agent` class of `node:http`'s exports, which is
 * swapped for one that overrides the cap until then. For measuring only.
 */
async function withMaxSockets(maxSockets, connect) {
  const http = process.getBuiltinModule('node:http');
  const NodeAgent = http.Agent;
  http.Agent = class extends NodeAgent {
    constructor(agentOptions) {
      super({ ...agentOptions, maxSockets });
    }
  };
  try {
    return await connect();
  } finally {
    http.Agent = NodeAgent;
  }
}

const serverScript = new URL(`../subjects/${options.server}/http-server.mjs`, import.meta.url);

/** Keeps `concurrency` calls in flight for a warm-up, then `measureMs`; calls/s and CPU µs per call. */
async function drive(client, concurrency) {
  const call = async () => expectEcho(await client.callEcho(ECHO_TEXT));
  const warmEnd = performance.now() + warmupMs;
  const warm = async () => {
    while (performance.now() < warmEnd) await call();
  };
  await Promise.all(Array.from({ length: concurrency }, warm));
  let calls = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + measureMs;
  const worker = async () => {
    while (performance.now() < end) {
      await call();
      calls++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { perSecond: (calls * 1000) / elapsed, cpuPerCall: (cpu.user + cpu.system) / calls };
}

const results = new Map();
const server = await startHttpServer(serverScript);
try {
  for (let round = 1; round <= rounds; round++) {
    for (const level of levels) {
      for (const [name, connect] of clients) {
        const client = await connect(server.url);
        try {
          const result = await drive(client, level);
          const key = `${level}\t${name}`;
          if (!results.has(key)) results.set(key, []);
          results.get(key).push(result);
          console.error(
            `[round ${round}] ${level} in flight, ${name}: ${result.perSecond.toFixed(0)} calls/s, ` +
              `${result.cpuPerCall.toFixed(0)} µs CPU per call`,
          );
        } finally {
          await client.close();
        }
      }
    }
  }
} finally {
  await server.stop();
}

const range = ({ median, min, max }, digits) =>
  `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;
console.log(`\n${options.server} server, ${rounds} rounds of ${measureMs} ms, medians (min–max)\n`);
console.log('| in flight | client | calls/s | client CPU per call, µs |');
console.log('| --: | --- | --: | --: |');
for (const [key, samples] of results) {
  const [level, name] = key.split('\t');
  const rate = spread(samples.map((sample) => sample.perSecond));
  const cpu = spread(samples.map((sample) => sample.cpuPerCall));
  console.log(`| ${level} | ${name} | ${range(rate, 0)} | ${range(cpu, 0)} |`);
}
