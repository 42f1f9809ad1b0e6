import { type ClientCapabilities, type RequestContext, TASKS_EXTENSION } from '@mcpkit/protocol';
import { expect } from 'vitest';
import * as z from 'zod';
import { elicitation, McpError, McpServer, type TasksOptions } from '../src/index.js';
import { call, meta, type Outcome } from './helpers.js';

/** Client capabilities that declare the tasks extension (and can answer forms). */
export const WITH_TASKS: ClientCapabilities = { elicitation: {}, extensions: { [TASKS_EXTENSION]: {} } };

/** A gate a test opens to let a task's work finish. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

const CONFIRM = {
  message: 'Sure?',
  requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
} as const;

/**
 * A server with the tasks extension on and tools that exercise it: `slow` (waits for `release`,
 * honours cancellation), `confirm` (asks once), `twice` (asks two questions side by side, then one
 * more under a key already answered), `tool_error`, `protocol_error`, `must_task` (required) and
 * `plain` (no task support).
 */
export function taskServer(options: TasksOptions = {}, release: Promise<void> = Promise.resolve()) {
  const seen: { signal?: AbortSignal } = {};
  const server = new McpServer(
    { name: 'tasks-test', version: '1.0.0' },
    { tasks: { pollIntervalMs: 5, ...options }, onError: () => {} },
  );
  server.tool(
    'slow',
    { inputSchema: z.object({ label: z.string() }), taskSupport: 'optional' },
    (args, ctx) =>
      ctx.runAsTask(async (task) => {
        seen.signal = task.signal;
        task.setStatusMessage(`working on ${args.label}`);
        await Promise.race([
          release,
          new Promise((_, reject) => task.signal.addEventListener('abort', () => reject(task.signal.reason))),
        ]);
        return { content: [{ type: 'text', text: `done ${args.label}` }] };
      }),
  );
  server.tool('confirm', { taskSupport: 'optional' }, (_args, ctx) =>
    ctx.runAsTask(async (task) => {
      const answer = await task.elicit('confirm', CONFIRM);
      const yes = answer.action === 'accept' && answer.content.confirm;
      return { content: [{ type: 'text', text: yes ? 'deleted' : 'kept' }] };
    }),
  );
  server.tool('twice', { taskSupport: 'optional' }, (_args, ctx) =>
    ctx.runAsTask(async (task) => {
      const both = await task.ask({
        a: elicitation(CONFIRM),
        b: elicitation(CONFIRM),
      });
      const again = await task.elicit('a', CONFIRM);
      return { content: [{ type: 'text', text: JSON.stringify([both, again]) }] };
    }),
  );
  server.tool('tool_error', { taskSupport: 'optional' }, (_args, ctx) =>
    ctx.runAsTask(async () => {
      throw new Error('the disk is full');
    }),
  );
  server.tool('protocol_error', { taskSupport: 'optional' }, (_args, ctx) =>
    ctx.runAsTask(async () => {
      throw new McpError(-32603, 'the backend is down');
    }),
  );
  server.tool('must_task', { taskSupport: 'required' }, (_args, ctx) =>
    ctx.runAsTask(async () => ({ content: [{ type: 'text', text: 'ran' }] })),
  );
  server.tool('plain', {}, (_args, ctx) =>
    ctx.runAsTask(async (task) => ({ content: [{ type: 'text', text: `inline ${task.taskId}` }] })),
  );
  return { server, seen };
}

/** Calls a tool declaring the tasks extension. */
export function callWithTasks(
  server: McpServer,
  name: string,
  args: Record<string, unknown> = {},
  context: Partial<RequestContext> = {},
): Promise<Outcome> {
  return call(server, 'tools/call', { name, arguments: args, _meta: meta({}, WITH_TASKS) }, context);
}

/** A task request declaring the extension. */
export function taskRequest(
  server: McpServer,
  method: string,
  params: Record<string, unknown>,
  context: Partial<RequestContext> = {},
): Promise<Outcome> {
  return call(server, method, { ...params, _meta: meta({}, WITH_TASKS) }, context);
}

/** `tasks/get` until `done(task)`; fails after 500 polls. */
export async function pollUntil(
  server: McpServer,
  taskId: string,
  done: (task: Record<string, unknown>) => boolean,
  context: Partial<RequestContext> = {},
): Promise<Record<string, unknown>> {
  for (let i = 0; i < 500; i++) {
    const { result, error } = await taskRequest(server, 'tasks/get', { taskId }, context);
    expect(error).toBeUndefined();
    if (done(result!)) return result!;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`task ${taskId} never got there`);
}

export const isTerminal = (task: Record<string, unknown>) =>
  task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled';
