/**
 * The tasks extension (SEP-2663): a server may answer a `tools/call` with a task handle
 * (`resultType: "task"`) that the client polls with `tasks/get`, feeds with `tasks/update` and
 * stops with `tasks/cancel`. Both sides must opt in: the client by declaring the extension in a
 * request's client capabilities, the server by advertising it in `server/discover`.
 */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The methods the tasks extension adds; each names its task in `params.taskId`. */
export const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'] as const;
export type TaskMethod = (typeof TASK_METHODS)[number];

/** Whether `method` is one of the methods the tasks extension adds. */
export function isTaskMethod(method: string): method is TaskMethod {
  return method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel';
}

/** `working` and `input_required` are live; the other three are terminal. */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** Whether a task in `status` will never change again. */
export function isTerminalTaskStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
