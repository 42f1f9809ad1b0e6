#!/usr/bin/env node
// Runs the official MCP conformance suite (pinned in this folder) against apps/everything-server over
// HTTP and apps/everything-client, one leg per side and revision (LEGS: the server and client at 2026-07-28,
// the server at 2025-11-25, where one server serves both eras, and the client at 2025-11-25, where it falls
// back to the older era); prints one line per scenario and
//   conformance: N passed, M failed      (checks of the scenarios we require)
// and fails when a required scenario fails. expected-failures.txt must stay empty: a run with an entry
// there stops before it starts.
//
// usage: node conformance/run.mjs [--only server|client] [--scenario NAME] [--jobs N]
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listProblems, parseExpectedFailures } from './lib/expected-failures.mjs';
import { parseOptions, selectLegs } from './lib/options.mjs';
import { killGroup, killGroupsOnExit, spawnGroup } from './lib/process-groups.mjs';
import { collectChecks } from './lib/results.mjs';
import { cli, ensureSuite, findNode22, here, requirements } from './lib/suite.mjs';
import { assess, summarize } from './lib/verdict.mjs';

/**
 * Every leg: one side at one revision, running the suite's required scenarios for that revision plus
 * `alsoRequired` (scenarios the suite runs unscored that we require).
 */
const LEGS = [
  {
    side: 'server',
    revision: '2026-07-28',
    alsoRequired: [
      'http-header-validation',
      'http-custom-header-server-validation',
      // The tasks extension (SEP-2663), which the everything server turns on; tasks-status-notifications
      // is not listed: the suite skips it (its harness reads the wrong stream).
      'tasks-capability-negotiation',
      'tasks-dispatch-and-envelope',
      'tasks-lifecycle',
      'tasks-mrtr-composition',
      'tasks-mrtr-input',
      'tasks-request-headers',
      'tasks-request-state-removal',
      'tasks-required-task-error',
      'tasks-wire-fields',
    ],
  },
  { side: 'client', revision: '2026-07-28', alsoRequired: [] },
  // The client falls back to the 2025 era by itself; the suite's mock servers speak 2025-11-25.
  { side: 'client', revision: '2025-11-25', alsoRequired: ['json-schema-2020-12-preservation'] },
  {
    side: 'server',
    revision: '2025-11-25',
    alsoRequired: ['server-session-lifecycle', 'server-sse-polling', 'json-schema-2020-12'],
  },
];

const root = join(here, '..');
const out = join(root, 'conformance-results', new Date().toISOString().replace(/[:.]/g, '-'));

function runGroup(command, argv, { timeoutMs, logTo } = {}) {
  return new Promise((resolve) => {
    const child = spawnGroup(command, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    const timer = timeoutMs ? setTimeout(() => killGroup(child), timeoutMs) : undefined;
    child.on('close', (code) => {
      clearTimeout(timer);
      if (logTo) logTo.push(log);
      resolve(code ?? 1);
    });
  });
}

function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawnGroup(process.execPath, ['apps/everything-server/dist/http.js', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => {
      killGroup(server);
      reject(new Error('everything-server did not print MCP_SERVER_URL within 30 s'));
    }, 30_000);
    let buffered = '';
    server.stdout.on('data', (chunk) => {
      buffered += chunk;
      const match = /MCP_SERVER_URL=(\S+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], stop: () => killGroup(server) });
      }
    });
    server.on('exit', (code) =>
      reject(new Error(`everything-server exited with ${code} before it was ready`)),
    );
  });
}

async function serverLeg(node22, dir, revision, onlyScenario) {
  const server = await startServer();
  try {
    const argv = [cli, 'server', '--url', server.url, '--timeout', '30000', '-o', dir];
    if (onlyScenario) argv.push('--scenario', onlyScenario, '--spec-version', revision, '--force');
    else argv.push('--requirements', revision);
    await runGroup(node22, argv, { timeoutMs: 10 * 60_000 });
  } finally {
    server.stop();
  }
}

async function clientLeg(node22, dir, revision, scenarios, jobs) {
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(root, 'apps/everything-client/dist/conformance.js'))}`;
  const queue = [...scenarios];
  const worker = async () => {
    for (let scenario = queue.shift(); scenario; scenario = queue.shift()) {
      const argv = [cli, 'client', '--command', command, '--scenario', scenario, '--spec-version', revision];
      argv.push('--force', '--timeout', '60000', '-o', dir);
      await runGroup(node22, argv, { timeoutMs: 3 * 60_000 });
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
}

async function main() {
  const { only, scenario: onlyScenario, jobs } = parseOptions(process.argv.slice(2));
  killGroupsOnExit();
  ensureSuite();
  const node22 = findNode22();
  if (!node22) {
    // CI must never pass without the suite; a developer's machine gets told why it did not run.
    const where = `${process.platform}-${process.arch}`;
    console.log(`conformance: skipped, the suite needs Node 22+ and no pinned binary runs on ${where}`);
    process.exit(process.env.CI ? 1 : 0);
  }
  const allLegs = LEGS.map(({ side, revision, alsoRequired }) => {
    const req = requirements(revision);
    return { side, revision, required: [...req[side], ...alsoRequired], unscored: req.unscored(side) };
  });
  const legs = selectLegs(allLegs, { only, scenario: onlyScenario });
  const expected = parseExpectedFailures(readFileSync(join(here, 'expected-failures.txt'), 'utf8'));
  const wrongEntries = listProblems(expected);
  if (wrongEntries.length > 0) {
    for (const problem of wrongEntries) console.error(`conformance: ${problem}`);
    process.exit(1);
  }

  const outcomes = [];
  for (const leg of legs) {
    const name = `${leg.side} ${leg.revision}`;
    const dir = join(out, `${leg.side}-${leg.revision}`);
    mkdirSync(dir, { recursive: true });
    const { scenarios } = leg;
    const started = Date.now();
    if (leg.side === 'server') await serverLeg(node22, dir, leg.revision, onlyScenario);
    else await clientLeg(node22, dir, leg.revision, scenarios, jobs);
    const checks = collectChecks(dir, leg.side);
    for (const scenario of scenarios) {
      const outcome = assess(leg.side, scenario, checks.get(scenario), {
        required: leg.required.includes(scenario),
      });
      outcomes.push(outcome);
      const { verdict } = outcome;
      const tag = outcome.note ? ` (${outcome.note})` : '';
      const failing = verdict.failing.length ? `  failing: ${verdict.failing.slice(0, 5).join(', ')}` : '';
      console.log(
        `${verdict.status.padEnd(5)} ${name} ${scenario}: ${verdict.passed} passed, ${verdict.failed} failed${tag}${failing}`,
      );
    }
    console.log(`${name} leg: ${Math.round((Date.now() - started) / 1000)} s, results in ${dir}`);
  }
  const { totals, problems } = summarize(outcomes);
  console.log(`scenarios: ${totals.passed} passed, ${totals.failed} failed`);
  console.log(`conformance: ${totals.checksPassed} passed, ${totals.checksFailed} failed`);
  for (const problem of problems) console.error(`conformance: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(`conformance: ${error.message}`);
  process.exit(2);
});
