/** The methods the tasks extension adds; each names its task in `params.taskId`. */
export const TASK_METHODS = ['tasks/get', 'tasks/update', 'tasks/cancel'] as const;
export type TaskMethod = (typeof TASK_METHODS)[number];

/** Whether `method` is one of the methods the tasks extension adds. */
export function isTaskMethod(method: string): method is TaskMethod {
  return method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel';
}
