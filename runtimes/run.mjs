#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
// The runtime matrix: the same smoke server and client (src/) on Node 20 and 22, Bun, Deno, workerd and
// headless Chromium. Node, Bun and Deno run both in one process; workerd serves and Node is the client;
// Chromium is the client of a server on Node. Each runtime is installed here (npm ci in bin/ and
// conformance/node22, apt-get for Chromium) when missing, and skipped with the reason only where there is
// no build for this machine. Prints one line per runtime and fails when any smoke run fails.
//
// usage: node runtimes/run.mjs   (after the build: turbo runs it as this package's test)
import { isDeepStrictEqual } from 'node:util';
import { killGroupsOnExit } from '../conformance/lib/process-groups.mjs';
import { EXPECTED_REPORT, runSmoke } from './dist/smoke-client.js';
import { ensureRuntimes, runtimeBinaries } from './lib/binaries.mjs';
import { smokeInChromium } from './lib/browser.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { outputMatching, runToEnd, start, within } from './lib/processes.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
// Generous: one leg takes a second or two, but the machine may be busy with other tests.
const TIMEOUT_MS = 60_000;

const inProcess = (argv) => (binary) => runToEnd(binary, argv, { cwd: here, timeoutMs: TIMEOUT_MS });

async function smokeInWorkerd(binary) {
  const workerd = start(binary, ['serve', 'dist/workerd.capnp', '--socket-addr', 'http=127.0.0.1:0'], {
    cwd: here,
  });
  try {
    const [, url] = await within(outputMatching(workerd, /Listening on (http:\S+)/), TIMEOUT_MS, 'workerd');
    return JSON.stringify(await within(runSmoke(`${url}/mcp`), TIMEOUT_MS, 'the smoke client'));
  } catch (error) {
    error.message += `\n${workerd.text()}`;
    throw error;
  } finally {
    workerd.stop();
  }
}

const LEGS = [
  { name: 'Node 20', binary: 'node20', smoke: inProcess(['dist/node.js']) },
  { name: 'Node 22', binary: 'node22', smoke: inProcess(['dist/node.js']) },
  { name: 'Bun', binary: 'bun', smoke: inProcess(['dist/bun.js']) },
  { name: 'Deno', binary: 'deno', smoke: inProcess(['run', '--allow-net', 'dist/deno.js']) },
  { name: 'workerd', binary: 'workerd', smoke: smokeInWorkerd },
  {
    name: 'Chromium',
    binary: 'chromium',
    smoke: (binary) => smokeInChromium(binary, { here, timeoutMs: TIMEOUT_MS }),
  },
];

async function versionOf(binary) {
  const text = await runToEnd(binary, ['--version'], { timeoutMs: TIMEOUT_MS });
  return text.trim().split('\n')[0];
}

/** The report is the last line a leg prints; it must equal what the smoke client expects. */
function check(output) {
  const last = output.trim().split('\n').at(-1) ?? '';
  let report;
  try {
    report = JSON.parse(last);
  } catch {
    throw new Error(`no report in the output:\n${output}`);
  }
  if (!isDeepStrictEqual(report, EXPECTED_REPORT)) {
    throw new Error(`saw ${JSON.stringify(report)}\nwanted ${JSON.stringify(EXPECTED_REPORT)}`);
  }
}

async function main() {
  killGroupsOnExit();
  const started = performance.now();
  ensureRuntimes();
  const binaries = { ...runtimeBinaries(), chromium: ensureChromium() };
  const tally = { passed: 0, skipped: 0, failed: 0 };
  for (const leg of LEGS) {
    const { path, missing } = binaries[leg.binary];
    if (!path) {
      console.log(`runtimes: ${leg.name} skipped: ${missing}`);
      tally.skipped++;
      continue;
    }
    const legStarted = performance.now();
    try {
      const version = await versionOf(path);
      check(await leg.smoke(path));
      const seconds = ((performance.now() - legStarted) / 1000).toFixed(1);
      console.log(`runtimes: ${leg.name} passed (${version}, ${seconds} s)`);
      tally.passed++;
    } catch (error) {
      tally.failed++;
      console.error(`runtimes: ${leg.name} FAILED: ${error.message}`);
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `runtimes: ${tally.passed} passed, ${tally.skipped} skipped, ${tally.failed} failed, in ${seconds} s`,
  );
  // A failed leg may leave a handle open; the verdict is in, so nothing may keep the run alive.
  process.exit(tally.failed > 0 ? 1 : 0);
}

await main();
