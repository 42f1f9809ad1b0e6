// Workload 1: in-process tools/call, CPU time per call. Through each subject's client (client and server in
// one process), and the server alone turning the request's bytes into the response's bytes.

import { callEchoRequest, ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { sequential } from '../lib/measure.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'in-process';
export const title = 'in-process tools/call';
export const slots = ['in-process'];
export const rounds = (config) => config.rounds;
export const metrics = () => [
  { id: 'roundTrip', label: 'client round trip, CPU per call', unit: 'µs', better: 'lower' },
  { id: 'roundTripP50', label: 'client round trip, latency p50', unit: 'µs', better: 'lower' },
  {
    id: 'server',
    label: 'server alone, core (bytes in, bytes out), CPU per call',
    unit: 'µs',
    better: 'lower',
  },
  {
    id: 'serverFetch',
    label: 'server alone, fetch handler (Request in, Response text out), CPU per call',
    unit: 'µs',
    better: 'lower',
  },
];

async function clientRoundTrip(open, config) {
  const client = await open({ toolCount: 1 });
  try {
    return await sequential(async () => expectEcho(await client.callEcho(ECHO_TEXT)), config);
  } finally {
    await client.close();
  }
}

async function serverAlone(openServer, config) {
  const server = await openServer({ toolCount: 1 });
  const request = JSON.stringify(callEchoRequest(1));
  const expected = ECHO_TEXT;
  try {
    const serve = async () => {
      const response = await server.serve(request, 'tools/call', 'echo');
      if (!response.includes(expected)) throw new Error(`unexpected response: ${response}`);
    };
    return await sequential(serve, config);
  } finally {
    await server.close();
  }
}

/**
 * Each layer is measured against the same layer: `openServer` is the core (the floor's switch, mcpkit's
 * endpoint), `openFetchServer` the same behind a Web fetch handler. A subject gets the rows it has slots for.
 */
export async function sample(subject, config) {
  const { open, openServer, openFetchServer } = await loadSlot(subject, 'in-process');
  const metrics = {};
  if (open) {
    const roundTrip = await clientRoundTrip(open, config);
    metrics.roundTrip = roundTrip.cpuMicrosPerCall;
    metrics.roundTripP50 = roundTrip.p50 * 1000;
  }
  if (openServer) metrics.server = (await serverAlone(openServer, config)).cpuMicrosPerCall;
  if (openFetchServer) metrics.serverFetch = (await serverAlone(openFetchServer, config)).cpuMicrosPerCall;
  return metrics;
}
