// Workload 3a: Streamable HTTP tools/call through each subject's client, one call after another and then
// many in flight. The floor has two clients, so each throughput row says which floor it divides by:
// `node:http` with a keep-alive agent (what Node itself allows) and `fetch` (what runs everywhere).
import { startHttpServer } from '../lib/http-server.mjs';
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { inFlight, sequential } from '../lib/measure.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'http';
export const title = 'Streamable HTTP tools/call, client';
export const slots = ['http', 'http-server'];
export const rounds = (config) => config.rounds;
export const metrics = (config) => [
  { id: 'sequential', label: 'sequential (floor: node:http keep-alive)', unit: 'calls/s', better: 'higher' },
  { id: 'sequentialFetch', label: 'sequential (floor: fetch)', unit: 'calls/s', better: 'higher' },
  {
    id: 'sequentialCpu',
    label: 'sequential, client CPU per call (floor: node:http)',
    unit: 'µs',
    better: 'lower',
  },
  { id: 'sequentialP50', label: 'sequential p50 (floor: node:http)', unit: 'ms', better: 'lower' },
  { id: 'sequentialP99', label: 'sequential p99 (floor: node:http)', unit: 'ms', better: 'lower' },
  {
    id: 'inFlight',
    label: `${config.inFlight} in flight (floor: node:http keep-alive)`,
    unit: 'calls/s',
    better: 'higher',
  },
  {
    id: 'inFlightFetch',
    label: `${config.inFlight} in flight (floor: fetch)`,
    unit: 'calls/s',
    better: 'higher',
  },
  {
    id: 'inFlightP50',
    label: `${config.inFlight} in flight p50 (floor: node:http)`,
    unit: 'ms',
    better: 'lower',
  },
];

async function measureClient(connect, url, config) {
  const client = await connect(url);
  try {
    const call = async () => expectEcho(await client.callEcho(ECHO_TEXT));
    const one = await sequential(call, config);
    const many = await inFlight(call, config.inFlight, config);
    return { one, many };
  } finally {
    await client.close();
  }
}

export async function sample(subject, config) {
  const { connect, serverScript } = await loadSlot(subject, 'http');
  const server = await startHttpServer(serverScript);
  try {
    const own = await measureClient(connect, server.url, config);
    // The floor's own client is fetch; its node:http client is the reference of the unmarked rows.
    const floorNode =
      subject === 'floor'
        ? await measureClient((await loadSlot(subject, 'http-node')).connect, server.url, config)
        : own;
    return {
      sequential: floorNode.one.perSecond,
      sequentialFetch: own.one.perSecond,
      sequentialCpu: floorNode.one.cpuMicrosPerCall,
      sequentialP50: floorNode.one.p50,
      sequentialP99: floorNode.one.p99,
      inFlight: floorNode.many.perSecond,
      inFlightFetch: own.many.perSecond,
      inFlightP50: floorNode.many.p50,
    };
  } finally {
    await server.stop();
  }
}
