import { statSync } from 'node:fs';
import { TransportError } from '@mcpkit/protocol/internal';
import { type ChildExit, describeExit, type SpawnSpec } from './child-connection.js';
import type { RestartDecision, RestartPolicy } from './restart-policy.js';

/**
 * Why a working directory cannot be used, or `undefined` when it can (or that cannot be told).
 * Node reports a missing one as a missing command (`spawn /usr/bin/node ENOENT`).
 */
function workingDirectoryProblem(cwd: string): string | undefined {
  try {
    const stats = statSync(cwd, { throwIfNoEntry: false });
    if (!stats) return `the working directory ${cwd} does not exist`;
    return stats.isDirectory() ? undefined : `the working directory ${cwd} is not a directory`;
  } catch {
    return undefined;
  }
}

/**
 * The error for a server process that could not be started, whether Node refused the spawn options
 * at once (an empty command, a NUL byte in an argument) or the start failed later (no such command):
 * `connection-lost`, with Node's error as the cause.
 */
export function startFailure(spec: SpawnSpec, error: unknown): TransportError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const cwdProblem =
    spec.cwd !== undefined && (code === 'ENOENT' || code === 'ENOTDIR')
      ? workingDirectoryProblem(spec.cwd)
      : undefined;
  const why = cwdProblem ?? (error instanceof Error ? error.message : String(error));
  return new TransportError('connection-lost', `Could not start ${spec.command}: ${why}`, { cause: error });
}

/** The command line as a shell would take it back: arguments with spaces or quotes are quoted. */
function commandLine(spec: SpawnSpec): string {
  const words = [spec.command, ...(spec.args ?? [])];
  return words.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word))).join(' ');
}

/**
 * The error for a server process that exited before its first answer: it did not start, and is not
 * started again. Names the command, how it ended and the end of its stderr (`undefined`: ignored).
 */
export function exitedBeforeAnswering(
  spec: SpawnSpec,
  exit: ChildExit,
  stderrTail: string | undefined,
): TransportError {
  const ended = `The server did not start: \`${commandLine(spec)}\` ended (${describeExit(exit)}) before its first answer`;
  const stderr =
    stderrTail === undefined
      ? ' (its stderr is ignored)'
      : stderrTail === ''
        ? ', writing nothing to stderr'
        : `. The end of its stderr:\n${stderrTail}`;
  return new TransportError('connection-lost', `${ended}${stderr}`);
}

/**
 * What the exchanges in flight fail with when a process of a server that had started ended, and,
 * when `decision` is not to restart, `gaveUp`: what every later exchange fails with.
 */
export function restartErrors(
  spec: SpawnSpec,
  exit: ChildExit,
  decision: RestartDecision,
  policy: RestartPolicy,
  failures: number,
): { error: TransportError; gaveUp?: TransportError } {
  // A restarted process that could not even be started: why is what every later exchange needs to know.
  if (!exit.spawned) {
    const error = startFailure(spec, exit.error);
    return decision.restart ? { error } : { error, gaveUp: error };
  }
  const ended = `The server process ended (${describeExit(exit)})`;
  if (decision.restart) {
    return { error: new TransportError('restarted', `${ended}; the request was lost and may be sent again`) };
  }
  const error = new TransportError('connection-lost', `${ended} and is not restarted`);
  const why =
    policy.mode === 'never'
      ? 'The server process is gone and restarts are off'
      : `The server process is gone and will not be restarted after ${failures} consecutive failures`;
  return { error, gaveUp: new TransportError('connection-lost', why, { cause: error }) };
}
