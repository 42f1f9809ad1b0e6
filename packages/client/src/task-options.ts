// The tasks extension's public option types, apart from its code: the client's options name them.
import type { Task } from '@mcpkit/protocol';

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

/**
 * What `McpClientOptions.tasks` takes: the tasks extension's client side, made by `followTasks`.
 * Opaque: its code reaches a bundle only when the application calls `followTasks`.
 */
export interface TaskSupport {
  readonly options: Readonly<TasksClientOptions>;
}

/** Options of a `tools/call` that may become a task. */
export interface TaskCallOptions {
  /**
   * Called once the server made the call a task, with its id and first state: persist `taskId` to
   * resume the call after a restart with `client.resumeTask(taskId)`.
   */
  onTask?: (task: Task) => void;
}
