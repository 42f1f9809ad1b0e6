// Workload 5: cold start. From spawning the stdio server to the first tools/call result in the client. The
// server's start-up is what is measured, so the client is warmed first (its modules loaded and one full
// connection run against a throwaway server). Measured once with the server bundled into one file by
// esbuild (how a server that cares about start-up ships), once loading its dependencies file by file from
// node_modules.

import { bundleScript } from '../lib/bundle.mjs';
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { loadSlot } from '../lib/subjects.mjs';
import { serverSpawn } from './stdio.mjs';

export const id = 'cold-start';
export const title = 'cold start over stdio';
export const slots = ['stdio'];
export const rounds = (config) => config.coldStartRounds;
export const metrics = () => [
  {
    id: 'firstResult',
    label: 'spawn to first tools/call result, bundled server',
    unit: 'ms',
    better: 'lower',
  },
  {
    id: 'firstResultUnbundled',
    label: 'spawn to first tools/call result, from node_modules',
    unit: 'ms',
    better: 'lower',
  },
];

async function timeToFirstResult(connect, script) {
  const start = performance.now();
  const client = await connect(serverSpawn(script));
  try {
    expectEcho(await client.callEcho(ECHO_TEXT));
    return performance.now() - start;
  } finally {
    await client.close();
  }
}

export async function sample(subject) {
  const { connect, serverScript } = await loadSlot(subject, 'stdio');
  const bundle = await bundleScript(serverScript);
  try {
    await timeToFirstResult(connect, bundle.url);
    return {
      firstResult: await timeToFirstResult(connect, bundle.url),
      firstResultUnbundled: await timeToFirstResult(connect, serverScript),
    };
  } finally {
    bundle.dispose();
  }
}
