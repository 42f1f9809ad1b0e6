// Child processes of the matrix: each in its own process group (killed with everything it started on a
// timeout or when the run exits), with its output kept for the failure message.
import { killGroup, spawnGroup } from '../../conformance/lib/process-groups.mjs';

/**
 * Starts `binary argv`: `exited` resolves with how it ended, `text()` is its output so far, `stop()` kills
 * its process group.
 */
export function start(binary, argv, options = {}) {
  const child = spawnGroup(binary, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => {
    child.on('error', (error) => resolve(`failed to start: ${error.message}`));
    child.on('close', (code, signal) => resolve(signal ?? code));
  });
  return {
    child,
    exited,
    stdout: () => stdout,
    text: () => `${stdout}${stderr}`,
    stop: () => killGroup(child),
  };
}

/** `promise`, or a rejection naming `what` after `timeoutMs`. */
export function within(promise, timeoutMs, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `binary argv` to its end and resolves with its stdout; rejects with its output when it fails. */
export async function runToEnd(binary, argv, { timeoutMs, ...options }) {
  const process = start(binary, argv, options);
  try {
    const end = await within(process.exited, timeoutMs, binary);
    if (end !== 0) throw new Error(`exited with ${end}\n${process.text()}`);
    return process.stdout();
  } catch (error) {
    process.stop();
    if (error.message.includes('no answer')) error.message += `\n${process.text()}`;
    throw error;
  }
}

/** Resolves with the first match of `pattern` in the process's output; rejects if it ends first. */
export function outputMatching(process, pattern) {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(process.text());
      if (match) resolve(match);
    };
    process.child.stdout.on('data', check);
    process.child.stderr.on('data', check);
    process.exited.then((end) =>
      reject(new Error(`exited with ${end} before it was ready\n${process.text()}`)),
    );
  });
}
