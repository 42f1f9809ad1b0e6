import type { McpClient } from '@mcpkit/client';
import type { EventHub } from './events.js';

/** A `tools/call` as the page asks for it: `call` numbers it so progress and tasks find their view. */
export interface PageCall {
  name: string;
  arguments: Record<string, unknown>;
  call: unknown;
}

/**
 * Calls a tool, telling `hub` about its progress and, when the server makes the call a task, about
 * the task: a `task` event when it is created and another with its final state (`tasks/get`, so a
 * completed task carries its result) when the call ends, however it ends.
 */
export async function callFollowingTask(client: McpClient, hub: EventHub, page: PageCall): Promise<unknown> {
  const { name, call } = page;
  let taskId: string | undefined;
  const settled = async () => {
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
      },
    });
    await settled();
    return result;
  } catch (error) {
    await settled();
    throw error;
  }
}
