import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, describe, it } from 'node:test';

const moduleUrl = new URL('./process-groups.mjs', import.meta.url).href;

// A runner that starts one group (a child that starts a grandchild) and waits. Both inherit the runner's
// stdout, so the test sees that stream end only once the runner, the child and the grandchild are all gone.
const runner = `
import { killGroupsOnExit, spawnGroup } from ${JSON.stringify(moduleUrl)};
killGroupsOnExit();
const child = \`
  const { spawn } = require('node:child_process');
  spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'inherit' });
  console.log('ready', process.pid);
  setInterval(() => {}, 60_000);
\`;
spawnGroup(process.execPath, ['-e', child], { stdio: ['ignore', 'inherit', 'inherit'] });
setInterval(() => {}, 60_000);
`;

const started = [];
after(() => {
  for (const pid of started) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

/** Starts the runner and resolves once its group is up. */
async function startRunner() {
  const runnerProcess = spawn(process.execPath, ['--input-type=module', '-e', runner], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  runnerProcess.stdout.setEncoding('utf8');
  await new Promise((resolve) => {
    runnerProcess.stdout.on('data', (chunk) => {
      output += chunk;
      const ready = /ready (\d+)/.exec(output);
      if (ready) {
        started.push(Number(ready[1]));
        resolve();
      }
    });
  });
  return runnerProcess;
}

describe('killGroupsOnExit', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    it(`on ${signal} kills every started group, grandchildren included, and exits ${code}`, {
      timeout: 60_000,
    }, async () => {
      const runnerProcess = await startRunner();
      const outputEnded = once(runnerProcess.stdout, 'end');
      const exited = once(runnerProcess, 'exit');
      runnerProcess.kill(signal);
      const [exitCode] = await exited;
      assert.equal(exitCode, code);
      await outputEnded;
    });
  }
});
