// Every child process the bench starts goes through here, so none outlives the bench: a child is killed
// when its parent exits, and servers exit on their own when their stdin closes (see `exitWhenStdinCloses`).
import { spawn } from 'node:child_process';

const live = new Set();

process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Spawns `command args` with piped stdin/stdout, tracked so that it dies with this process. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], ...options });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Closes the child's stdin and waits for it to exit; SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** For server scripts: exit as soon as the parent closes our stdin (or dies). */
export function exitWhenStdinCloses() {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}

/** Resolves with the first stdout line of `child` that matches `pattern` (its first capture group). */
export function waitForLine(child, pattern, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => fail(new Error(`no line matching ${pattern} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (chunk) => {
      seen += chunk;
      const match = pattern.exec(seen);
      if (match) done(() => resolve(match[1]));
    };
    const onExit = (code) => fail(new Error(`server exited with ${code} before it was ready: ${seen}`));
    const done = (settle) => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume(); // keep draining, so a chatty server never blocks on a full pipe
      child.off('exit', onExit);
      settle();
    };
    const fail = (error) => done(() => reject(error));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}
