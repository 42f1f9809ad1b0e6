// Workload 5: cold start. From spawning the stdio server to the first tools/call result in the client. The
// server's start-up is what is measured, so the client is warmed first (its modules loaded and one full
// connection run against a throwaway server). Measured with the server bundled into one file by esbuild (how a
// server that cares about start-up ships) and loading its dependencies file by file from node_modules, each
// for both apps of `APPS` (tools declared with zod, no zod in the app), so a row compares the same app.

import { bundleScript } from '../lib/bundle.mjs';
import { ECHO_TEXT, expectEcho } from '../lib/mcp-wire.mjs';
import { APPS, APPS_NOTE, appServerUrl, loadSlot } from '../lib/subjects.mjs';
import { serverSpawn } from './stdio.mjs';

export const id = 'cold-start';
export const title = 'cold start over stdio';
export const note = APPS_NOTE;
export const slots = ['stdio'];
export const rounds = (config) => config.coldStartRounds;

const WAYS = [
  { id: 'firstResult', label: 'bundled server', bundled: true },
  { id: 'firstResultUnbundled', label: 'from node_modules', bundled: false },
];
const metricId = (way, app) => `${way.id}_${app.id}`;

export const metrics = () =>
  WAYS.flatMap((way) =>
    APPS.map((app) => ({
      id: metricId(way, app),
      label: `spawn to first tools/call result, ${way.label}, ${app.label}`,
      unit: 'ms',
      better: 'lower',
    })),
  );

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
  const { connect } = await loadSlot(subject, 'stdio');
  const scripts = APPS.map((app) => ({ app, script: appServerUrl(subject, app.id) })).filter((s) => s.script);
  const bundles = new Map();
  try {
    for (const { app, script } of scripts) bundles.set(app.id, await bundleScript(script));
    await timeToFirstResult(connect, bundles.get(scripts[0].app.id).url);
    const result = {};
    for (const way of WAYS) {
      for (const { app, script } of scripts) {
        result[metricId(way, app)] = await timeToFirstResult(
          connect,
          way.bundled ? bundles.get(app.id).url : script,
        );
      }
    }
    return result;
  } finally {
    for (const bundle of bundles.values()) bundle.dispose();
  }
}
