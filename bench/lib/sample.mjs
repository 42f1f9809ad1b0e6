// The harness side of a sample: fork the driver in its own process group, wait for its report, and kill the
// whole group afterwards, so that no server a sample started can outlive it (even on a timeout).
import { fork } from 'node:child_process';

const running = new Set();

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/** Kills every sample still running (on Ctrl-C or a fatal error). */
export function killAllSamples() {
  for (const child of running) killGroup(child);
}

/** Runs `workload.sample(subject, config)` in a fresh process; resolves with its metrics or rejects. */
export function runSample(workloadId, subject, config, timeoutMs) {
  const driver = new URL('./driver.mjs', import.meta.url);
  const child = fork(driver, [workloadId, subject, JSON.stringify(config)], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  return new Promise((resolve, reject) => {
    let report;
    const timer = setTimeout(() => {
      report ??= { ok: false, error: `timed out after ${timeoutMs / 1000} s` };
      killGroup(child);
    }, timeoutMs);
    child.on('message', (message) => {
      report ??= message;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      killGroup(child);
      running.delete(child);
      report ??= { ok: false, error: `driver exited (${code ?? signal}) without a report` };
      if (report.ok) resolve(report.metrics);
      else reject(new Error(report.error));
    });
  });
}
