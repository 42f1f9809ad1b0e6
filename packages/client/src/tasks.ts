import type { CallOptions } from './options.js';
import { TaskFollower } from './task-follower.js';
import type { TaskSupport, TasksClientOptions } from './task-options.js';
import { taskSupport } from './task-support.js';

export { TaskCancelledError } from './task-follower.js';

function checkInterval(name: string, value: number | undefined, min: number): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= min)) {
    throw new RangeError(
      `tasks.${name} must be a ${min > 0 ? 'positive' : 'non-negative'} number, got ${value}`,
    );
  }
}

/**
 * Turns on the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) for a client: pass its
 * result as `McpClientOptions.tasks`. Every request then declares the extension, and a `tools/call`
 * the server answers with a task is followed to its end inside `callTool`: by listening for
 * `notifications/tasks` where the server offers them, by polling `tasks/get` otherwise; questions
 * are answered with the client's `handlers`, and aborting the call sends `tasks/cancel`. Throws a
 * `RangeError` for an interval that is not a number of milliseconds.
 *
 * @example
 * ```ts
 * import { followTasks, McpClient } from '@mcpkit/client';
 * const client = new McpClient(transport, { tasks: followTasks(), handlers });
 * const result = await client.callTool('build', { ref: 'main' }); // the result, however long it takes
 * ```
 */
export function followTasks(options: TasksClientOptions = {}): TaskSupport {
  checkInterval('pollIntervalMs', options.pollIntervalMs, 0);
  checkInterval('checkIntervalMs', options.checkIntervalMs, 1);
  const own = { ...options };
  return taskSupport(own, (config) => new TaskFollower(config, own));
}

/** Options of `resumeTask`. */
export type ResumeTaskOptions = Pick<CallOptions, 'signal' | 'timeoutMs' | 'meta'>;
