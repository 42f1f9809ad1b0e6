// The runner starts each child in its own process group, so that a timeout kills the child with every
// process it started. The cost: Ctrl-C reaches only the runner's group, so the runner kills the groups it
// started itself before it exits, on a signal as on any other exit.
import { spawn } from 'node:child_process';

const running = new Set();

/** `spawn` in a new process group, remembered until its output closes. */
export function spawnGroup(command, argv, options) {
  const child = spawn(command, argv, { ...options, detached: true });
  running.add(child);
  child.on('close', () => running.delete(child));
  return child;
}

/** Kills a child and everything in its process group. */
export function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 };

/**
 * Kills every group `spawnGroup` started when the runner exits; on SIGINT or SIGTERM it does so and exits
 * with 130 or 143.
 */
export function killGroupsOnExit() {
  const killAll = () => {
    for (const child of running) killGroup(child);
  };
  process.on('exit', killAll);
  for (const [signal, code] of Object.entries(EXIT_CODES)) {
    process.once(signal, () => {
      console.error(`conformance: ${signal}, stopping ${running.size} running process group(s)`);
      process.exit(code);
    });
  }
}
