import type { McpClient, Task } from '@mcpkit/client';
import type { EventHub } from './events.js';

/** A `tools/call` as the page asks for it: `call` numbers it so progress and tasks find their view. */
export interface PageCall {
  name: string;
  arguments: Record<string, unknown>;
  call: unknown;
}

/** How often a running task's state is asked for, to show it changing. */
const WATCH_INTERVAL_MS = 500;

/** Emits a `task` event each time `taskId`'s status or message changes, until `stop` aborts. */
async function watchTask(client: McpClient, taskId: string, stop: AbortSignal, emit: (task: Task) => void) {
  let last = '';
  while (!stop.aborted) {
    await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS));
    if (stop.aborted) return;
    const task = await client.getTask(taskId).catch(() => undefined);
    if (task === undefined || stop.aborted) continue;
    const seen = `${task.status}\n${task.statusMessage ?? ''}`;
    if (seen !== last) emit(task);
    last = seen;
  }
}

/**
 * Calls a tool, telling `hub` about its progress and, when the server makes the call a task, about
 * the task: a `task` event when it is created, another each time its status or message changes while
 * it runs, and one with its final state (`tasks/get`, so a completed task carries its result) when
 * the call ends, however it ends.
 */
export async function callFollowingTask(client: McpClient, hub: EventHub, page: PageCall): Promise<unknown> {
  const { name, call } = page;
  let taskId: string | undefined;
  const watching = new AbortController();
  const settled = async () => {
    watching.abort();
    if (taskId === undefined) return;
    const task = await client.getTask(taskId).catch((error: unknown) => ({
      taskId,
      status: 'unknown',
      statusMessage: error instanceof Error ? error.message : String(error),
    }));
    hub.emit('task', { call, tool: name, task });
  };
  try {
    const result = await client.callTool(name, page.arguments, {
      onProgress: (progress) => hub.emit('progress', { call, progress }),
      onTask: (task) => {
        taskId = task.taskId;
        hub.emit('task', { call, tool: name, task });
        void watchTask(client, task.taskId, watching.signal, (update) =>
          hub.emit('task', { call, tool: name, task: update }),
        );
      },
    });
    await settled();
    return result;
  } catch (error) {
    await settled();
    throw error;
  }
}
