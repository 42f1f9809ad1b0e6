// Workload 2: tools/call over stdio, sequential and with many calls in flight, through each subject's client.
import { fileURLToPath } from 'node:url';
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { inFlight, sequential } from '../lib/measure.mjs';
import { loadSlot } from '../lib/subjects.mjs';

export const id = 'stdio';
export const title = 'stdio tools/call';
export const slots = ['stdio'];
export const rounds = (config) => config.rounds;
export const metrics = (config) => [
  { id: 'sequential', label: 'sequential', unit: 'calls/s', better: 'higher' },
  { id: 'sequentialP50', label: 'sequential p50', unit: 'ms', better: 'lower' },
  { id: 'sequentialP99', label: 'sequential p99', unit: 'ms', better: 'lower' },
  { id: 'inFlight', label: `${config.inFlight} in flight`, unit: 'calls/s', better: 'higher' },
  { id: 'inFlightP50', label: `${config.inFlight} in flight p50`, unit: 'ms', better: 'lower' },
  { id: 'inFlightP99', label: `${config.inFlight} in flight p99`, unit: 'ms', better: 'lower' },
];

/** How a stdio client spawns a subject's server script. */
export function serverSpawn(serverScript, toolCount = 1) {
  return { command: process.execPath, args: [fileURLToPath(serverScript), '--tools', String(toolCount)] };
}

export async function sample(subject, config) {
  const { connect, serverScript } = await loadSlot(subject, 'stdio');
  const client = await connect(serverSpawn(serverScript));
  try {
    const call = async () => expectEcho(await client.callEcho(ECHO_TEXT));
    const one = await sequential(call, config);
    const many = await inFlight(call, config.inFlight, config);
    return {
      sequential: one.perSecond,
      sequentialP50: one.p50,
      sequentialP99: one.p99,
      inFlight: many.perSecond,
      inFlightP50: many.p50,
      inFlightP99: many.p99,
    };
  } finally {
    await client.close();
  }
}
