import type { Task } from '@mcpkit/protocol';
import type { CallOptions } from './options.js';
import { TaskFollower } from './task-follower.js';
import { type TaskSupport, taskSupport } from './task-support.js';

export { TaskCancelledError } from './task-follower.js';
export type { TaskSupport } from './task-support.js';

/** Options of `followTasks`. */
export interface TasksClientOptions {
  /** How long to wait between polls when the server suggests no `pollIntervalMs`. Default 1000 ms. */
  pollIntervalMs?: number;
  /**
   * Follow a task by listening: open a `subscriptions/listen` stream for its id and take its states
   * from `notifications/tasks` when the server agrees to send them, polling otherwise.
   * Default `true`. Each task followed this way holds one stream open while it runs.
   */
  listen?: boolean;
  /**
   * While listening, send a `tasks/get` anyway after this long without news, in case a
   * notification never comes (a server's event bus may not reach every instance). Default 30 s.
   */
  checkIntervalMs?: number;
}

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

/** Options of a `tools/call` that may become a task. */
export interface TaskCallOptions {
  /**
   * Called once the server made the call a task, with its id and first state: persist `taskId` to
   * resume the call after a restart with `client.resumeTask(taskId)`.
   */
  onTask?: (task: Task) => void;
}

/** Options of `resumeTask`. */
export type ResumeTaskOptions = Pick<CallOptions, 'signal' | 'timeoutMs' | 'meta'>;
