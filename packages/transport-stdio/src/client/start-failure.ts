import { statSync } from 'node:fs';
import { TransportError } from '@mcpkit/protocol/internal';
import type { SpawnSpec } from './child-connection.js';

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
