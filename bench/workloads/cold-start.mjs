// Workload 5: cold start. From spawning the stdio server to the first tools/call result in the client, with
// the client's own modules already loaded (the server's start-up is what is measured).
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { loadSlot } from '../lib/subjects.mjs';
import { serverSpawn } from './stdio.mjs';

export const id = 'cold-start';
export const title = 'cold start over stdio';
export const slots = ['stdio'];
export const rounds = (config) => config.coldStartRounds;
export const metrics = () => [
  { id: 'firstResult', label: 'spawn to first tools/call result', unit: 'ms', better: 'lower' },
];

export async function sample(subject) {
  const { connect, serverScript } = await loadSlot(subject, 'stdio');
  const spawn = serverSpawn(serverScript);
  const start = performance.now();
  const client = await connect(spawn);
  try {
    expectEcho(await client.callEcho(ECHO_TEXT));
    return { firstResult: performance.now() - start };
  } finally {
    await client.close();
  }
}
