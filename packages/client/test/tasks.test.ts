import { createInMemoryTransport, type JSONRPCRequest, McpError, TASKS_EXTENSION } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  followTasks,
  InvalidResponseError,
  McpClient,
  type McpClientOptions,
  RequestAbortedError,
  TaskCancelledError,
} from '../src/index.js';
import { confirm, done, yes } from './helpers/input-rounds.js';
import { type Handler, mockServer } from './helpers/mock-server.js';

const T0 = '2026-07-28T10:00:00Z';
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 'task-1',
  status,
  createdAt: T0,
  lastUpdatedAt: T0,
  ttlMs: 60_000,
  pollIntervalMs: 1,
  ...extra,
});
const created = (extra: Record<string, unknown> = {}) => ({ resultType: 'task', ...task('working', extra) });
const got = (status: string, extra: Record<string, unknown> = {}) => ({
  resultType: 'complete',
  ...task(status, extra),
});
const capabilitiesOf = (request: JSONRPCRequest) =>
  (request.params!._meta as Record<string, unknown>)['io.modelcontextprotocol/clientCapabilities'] as {
    extensions?: Record<string, unknown>;
  };

/** A mock server whose `tasks/get` answers the states in turn, the last one for ever after. */
function scripted(states: Record<string, unknown>[], handlers: Record<string, Handler> = {}) {
  let next = 0;
  return mockServer({
    'tools/call': () => created(),
    'tasks/get': () => states[Math.min(next++, states.length - 1)]!,
    'tasks/update': () => ({ resultType: 'complete' }),
    'tasks/cancel': () => ({ resultType: 'complete' }),
    ...handlers,
  });
}

function clientOf(
  server: ReturnType<typeof mockServer>,
  options: McpClientOptions = { tasks: followTasks() },
) {
  return new McpClient(createInMemoryTransport(server), { autoListTools: false, handlers: yes, ...options });
}

describe('tasks extension: client', () => {
  it('X-4, X-6: off by default: the extension is not declared and its resultType "task" is invalid (X-9)', async () => {
    const server = scripted([got('completed', { result: done('late') })]);
    const client = clientOf(server, {});
    const error = await client.callTool('t').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(capabilitiesOf(server.calls('tools/call')[0]!).extensions).toBeUndefined();
    await expect(client.getTask('task-1')).rejects.toThrow(TypeError);
  });

  it('X-2, X-9: opted in, every request declares the extension and a CreateTaskResult is followed to the result', async () => {
    const server = scripted([got('working'), got('completed', { result: done('built') })]);
    const seen: string[] = [];
    const result = await clientOf(server).callTool('t', {}, { onTask: (t) => seen.push(t.taskId) });
    expect(result).toEqual(done('built'));
    expect(seen).toEqual(['task-1']);
    for (const request of server.requests) {
      expect(capabilitiesOf(request).extensions).toEqual({ [TASKS_EXTENSION]: {} });
    }
    expect(server.calls('tasks/get').map((r) => r.params?.taskId)).toEqual(['task-1', 'task-1']);
  });

  it('X-9: a task answering another method than tools/call is invalid', async () => {
    const server = mockServer({ 'prompts/get': () => created() }, { prompts: {} });
    const error = await clientOf(server)
      .getPrompt('p')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
  });

  it('X-14: polls no faster than the pollIntervalMs the server suggests, until a terminal state', async () => {
    const stamps: number[] = [];
    let polls = 0;
    const server = mockServer({
      'tools/call': () => created({ pollIntervalMs: 40 }),
      'tasks/get': () => {
        stamps.push(Date.now());
        return ++polls < 3
          ? got('working', { pollIntervalMs: 40 })
          : got('completed', { result: done('ok') });
      },
    });
    expect(await clientOf(server).callTool('t')).toEqual(done('ok'));
    expect(stamps).toHaveLength(3);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(35);
  });

  it('X-13: input requests are answered with the handlers once per key across polls, sent with tasks/update', async () => {
    const asked: string[] = [];
    const server = scripted([
      got('input_required', { inputRequests: confirm }),
      got('input_required', { inputRequests: confirm }),
      got('input_required', { inputRequests: { ...confirm, 'confirm#2': confirm.confirm } }),
      got('completed', { result: done('deleted') }),
    ]);
    const client = clientOf(server, {
      tasks: followTasks(),
      handlers: {
        elicitation: {
          form: (_params, ctx) => {
            asked.push(ctx.key);
            return { action: 'accept', content: { ok: true } };
          },
        },
      },
    });
    expect(await client.callTool('t')).toEqual(done('deleted'));
    expect(asked).toEqual(['confirm', 'confirm#2']);
    const updates = server.calls('tasks/update').map((r) => {
      const { _meta, ...params } = r.params as Record<string, unknown>;
      return params;
    });
    expect(updates).toEqual([
      { taskId: 'task-1', inputResponses: { confirm: { action: 'accept', content: { ok: true } } } },
      { taskId: 'task-1', inputResponses: { 'confirm#2': { action: 'accept', content: { ok: true } } } },
    ]);
  });

  it('X-12: aborting the call sends tasks/cancel (never notifications/cancelled) and rejects', async () => {
    const server = scripted([got('working', { pollIntervalMs: 5 })]);
    const controller = new AbortController();
    const pending = clientOf(server).callTool('t', {}, { signal: controller.signal });
    while (server.calls('tasks/get').length < 2) await new Promise((resolve) => setTimeout(resolve, 2));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
    expect(server.calls('tasks/cancel').map((r) => r.params?.taskId)).toEqual(['task-1']);
    expect(server.requests.some((r) => r.method === 'notifications/cancelled')).toBe(false);
  });

  it('X-10: a failed task rejects with its JSON-RPC error; a cancelled one with TaskCancelledError', async () => {
    const failed = scripted([got('failed', { error: { code: -32603, message: 'backend down' } })]);
    const error = await clientOf(failed)
      .callTool('t')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32603, message: 'backend down' });
    const cancelled = scripted([got('cancelled', { statusMessage: 'stopped by admin' })]);
    const stopped = await clientOf(cancelled)
      .callTool('t')
      .catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(TaskCancelledError);
    expect((stopped as TaskCancelledError).taskId).toBe('task-1');
  });

  it('X-14: a persisted task id is resumed with resumeTask; getTask and cancelTask reach the server', async () => {
    const server = scripted([got('working'), got('completed', { result: done('resumed') })]);
    const client = clientOf(server);
    expect((await client.getTask('task-1')).status).toBe('working');
    expect(await client.resumeTask('task-1')).toEqual(done('resumed'));
    await client.cancelTask('task-1');
    expect(server.calls('tasks/cancel')).toHaveLength(1);
  });

  it('X-9: a refused task request never sends the tools/call again (no second task)', async () => {
    const server = scripted([], { 'tasks/get': () => new McpError(-32020, 'Header mismatch') });
    await expect(clientOf(server).callTool('t')).rejects.toThrow(/task-1 was refused/);
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('X-13: a question no handler can answer fails the call and cancels the task', async () => {
    const server = scripted([got('input_required', { inputRequests: confirm })]);
    const client = clientOf(server, { tasks: followTasks(), handlers: {} });
    await expect(client.callTool('t')).rejects.toThrow();
    expect(server.calls('tasks/cancel')).toHaveLength(1);
  });
});
