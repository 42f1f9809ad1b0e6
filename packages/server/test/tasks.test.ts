import { isValidExtensionId, TASKS_EXTENSION } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { InMemoryTaskStore, McpServer, type TaskRecord } from '../src/index.js';
import { modernClientCapabilities } from '../src/legacy/session-fields.js';
import { call, meta } from './helpers.js';
import {
  callWithTasks,
  gate,
  isTerminal,
  pollUntil,
  taskRequest,
  taskServer,
  WITH_TASKS,
} from './task-fixtures.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('tasks extension: opt-in and negotiation', () => {
  it('X-1: the extension id is a valid vendor-prefixed identifier', () => {
    expect(TASKS_EXTENSION).toBe('io.modelcontextprotocol/tasks');
    expect(isValidExtensionId(TASKS_EXTENSION)).toBe(true);
  });

  it('X-4: off by default: not advertised, tasks/* unknown, taskSupport refused at registration', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.tool('t', {}, () => ({ content: [] }));
    const discovered = await call(server, 'server/discover');
    expect(discovered.result?.capabilities).not.toHaveProperty('extensions');
    const get = await taskRequest(server, 'tasks/get', { taskId: 'x' });
    expect(get.error?.code).toBe(-32601);
    expect(() => server.tool('u', { taskSupport: 'optional' }, () => ({ content: [] }))).toThrow(TypeError);
  });

  it('X-7: server/discover advertises the extension with empty settings', async () => {
    const { server } = taskServer();
    const { result } = await call(server, 'server/discover');
    expect((result?.capabilities as Record<string, unknown> | undefined)?.extensions).toEqual({
      [TASKS_EXTENSION]: {},
    });
  });

  it('X-8: a call that did not declare the extension runs inline and gets a CallToolResult', async () => {
    const { server } = taskServer();
    const { result } = await call(server, 'tools/call', { name: 'slow', arguments: { label: 'a' } });
    expect(result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'done a' }] });
    expect(result).not.toHaveProperty('taskId');
  });

  it('X-8: the same call declaring the extension gets a flat CreateTaskResult', async () => {
    const release = gate();
    const { server } = taskServer({}, release.wait);
    const { result } = await callWithTasks(server, 'slow', { label: 'b' });
    expect(result).toMatchObject({
      resultType: 'task',
      status: 'working',
      ttlMs: 3_600_000,
      pollIntervalMs: 5,
    });
    expect(result?.createdAt).toMatch(ISO);
    expect(result?.lastUpdatedAt).toMatch(ISO);
    for (const field of ['task', 'result', 'error', 'inputRequests', 'requestState', 'content']) {
      expect(result).not.toHaveProperty(field);
    }
    release.open();
  });

  it('X-8: a tool without taskSupport runs inline even when the request declared the extension', async () => {
    const { server } = taskServer();
    const { result } = await callWithTasks(server, 'plain');
    expect(result).toMatchObject({ resultType: 'complete', content: [{ text: 'inline undefined' }] });
  });

  it('X-8: a tool that requires a task refuses a request without the extension with -32021', async () => {
    const { server } = taskServer();
    const { error, status } = await call(server, 'tools/call', { name: 'must_task' });
    expect(error?.code).toBe(-32021);
    expect(error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
    expect(status).toBe(400);
    const declared = await callWithTasks(server, 'must_task');
    expect(declared.result?.resultType).toBe('task');
  });

  it('X-19: tasks/result and tasks/list are -32601; a legacy task param on tools/call is ignored', async () => {
    const { server } = taskServer();
    expect((await taskRequest(server, 'tasks/result', { taskId: 'x' })).error?.code).toBe(-32601);
    expect((await taskRequest(server, 'tasks/list', {})).error?.code).toBe(-32601);
    const legacy = await call(server, 'tools/call', {
      name: 'slow',
      arguments: { label: 'c' },
      task: { ttl: 1 },
    });
    expect(legacy.result?.resultType).toBe('complete');
  });

  it('X-8: a client of the 2025 era never enables tasks by declaring the extension at initialize', () => {
    const capabilities = modernClientCapabilities({ extensions: { [TASKS_EXTENSION]: {}, 'x.y/z': {} } });
    expect(capabilities.extensions).toEqual({ 'x.y/z': {} });
  });
});

describe('tasks extension: lifecycle', () => {
  it('X-11: tasks/get right after CreateTaskResult finds the task', async () => {
    const release = gate();
    const { server } = taskServer({}, release.wait);
    const created = await callWithTasks(server, 'slow', { label: 'd' });
    const got = await taskRequest(server, 'tasks/get', { taskId: created.result?.taskId });
    expect(got.result).toMatchObject({
      resultType: 'complete',
      taskId: created.result?.taskId,
      status: 'working',
    });
    expect(got.result?.statusMessage).toBe('working on d');
    release.open();
  });

  it('X-11: CreateTaskResult waits until the store has the task', async () => {
    const stored = gate();
    let created = false;
    class SlowStore extends InMemoryTaskStore {
      override async create(record: TaskRecord) {
        await stored.wait;
        created = true;
        return super.create(record);
      }
    }
    const { server } = taskServer({ store: new SlowStore() });
    const pending = callWithTasks(server, 'slow', { label: 'e' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(created).toBe(false);
    stored.open();
    const { result } = await pending;
    expect(created).toBe(true);
    expect(result?.resultType).toBe('task');
  });

  it('X-10: a finished task holds the tool result under result, status completed', async () => {
    const { server } = taskServer();
    const { result } = await callWithTasks(server, 'slow', { label: 'f' });
    const done = await pollUntil(server, result?.taskId as string, isTerminal);
    expect(done).toMatchObject({
      resultType: 'complete',
      status: 'completed',
      result: { resultType: 'complete', content: [{ type: 'text', text: 'done f' }] },
    });
    expect(done).not.toHaveProperty('error');
  });

  it('X-10: a tool execution error is completed with isError, a protocol error is failed with error', async () => {
    const { server } = taskServer();
    const toolError = await callWithTasks(server, 'tool_error');
    const completed = await pollUntil(server, toolError.result?.taskId as string, isTerminal);
    expect(completed).toMatchObject({ status: 'completed', result: { isError: true } });
    const protocolError = await callWithTasks(server, 'protocol_error');
    const failed = await pollUntil(server, protocolError.result?.taskId as string, isTerminal);
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: -32603, message: 'the backend is down' },
      statusMessage: 'the backend is down',
    });
    expect(failed).not.toHaveProperty('result');
  });

  it('X-12: tasks/cancel acks with an empty result, aborts the work and the task ends cancelled', async () => {
    const { server, seen } = taskServer({}, new Promise(() => {}));
    const { result } = await callWithTasks(server, 'slow', { label: 'g' });
    const taskId = result?.taskId as string;
    await pollUntil(server, taskId, () => seen.signal !== undefined);
    const ack = await taskRequest(server, 'tasks/cancel', { taskId });
    expect(ack.result).toEqual({
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'tasks-test', version: '1.0.0' } },
    });
    expect(seen.signal?.aborted).toBe(true);
    const after = await taskRequest(server, 'tasks/get', { taskId });
    expect(after.result?.status).toBe('cancelled');
  });

  it('X-12: cancelling a finished task acks and leaves it as it was', async () => {
    const { server } = taskServer();
    const { result } = await callWithTasks(server, 'slow', { label: 'h' });
    const taskId = result?.taskId as string;
    await pollUntil(server, taskId, isTerminal);
    const ack = await taskRequest(server, 'tasks/cancel', { taskId });
    expect(ack.result?.resultType).toBe('complete');
    expect((await taskRequest(server, 'tasks/get', { taskId })).result?.status).toBe('completed');
  });

  it('X-15: no progress or log message is sent for a task', async () => {
    const { server } = taskServer();
    const created = await callWithTasks(server, 'slow', { label: 'i' });
    expect(created.notifications).toEqual([]);
  });
});

describe('tasks extension: errors and access', () => {
  it('X-17: an unknown task id is -32602 on get, update and cancel', async () => {
    const { server } = taskServer();
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
      const { error, status } = await taskRequest(server, method, { taskId: 'nope', inputResponses: {} });
      expect(error?.code).toBe(-32602);
      expect(error?.message).toContain('not found');
      expect(status).toBe(200);
    }
  });

  it('X-17: an expired task id is -32602 saying so', async () => {
    const { server } = taskServer({ ttlMs: 1 });
    const { result } = await callWithTasks(server, 'slow', { label: 'j' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { error } = await taskRequest(server, 'tasks/get', { taskId: result?.taskId });
    expect(error).toMatchObject({ code: -32602, message: 'Failed to retrieve task: Task has expired' });
  });

  it('X-17: tasks/* from a request that did not declare the extension is -32021 naming it', async () => {
    const { server } = taskServer();
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const { error, status } = await call(server, method, { taskId: 'x', inputResponses: {} });
      expect(error?.code).toBe(-32021);
      expect(error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
      expect(status).toBe(400);
    }
  });

  it('X-17: malformed params are -32602', async () => {
    const { server } = taskServer();
    expect((await taskRequest(server, 'tasks/get', { taskId: 7 })).error?.code).toBe(-32602);
    expect((await taskRequest(server, 'tasks/update', { taskId: 'x' })).error?.code).toBe(-32602);
  });

  it('X-18: task ids are random UUIDs, never repeated', async () => {
    const { server } = taskServer();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++)
      ids.add((await callWithTasks(server, 'slow', { label: `${i}` })).result?.taskId as string);
    expect(ids.size).toBe(20);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('X-18: another principal cannot see, answer or cancel a task: -32602 as for an unknown one', async () => {
    const { server } = taskServer({}, new Promise(() => {}));
    const alice = { auth: { principal: 'alice' } };
    const { result } = await callWithTasks(server, 'slow', { label: 'k' }, alice);
    const taskId = result?.taskId as string;
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      const asBob = await taskRequest(
        server,
        method,
        { taskId, inputResponses: {} },
        { auth: { principal: 'bob' } },
      );
      expect(asBob.error?.code).toBe(-32602);
      const anonymous = await taskRequest(server, method, { taskId, inputResponses: {} });
      expect(anonymous.error?.code).toBe(-32602);
    }
    expect((await taskRequest(server, 'tasks/get', { taskId }, alice)).result?.status).toBe('working');
  });

  it('X-18: a custom authorize hook decides every task request', async () => {
    const asked: string[] = [];
    const { server } = taskServer({
      authorize: ({ method, owner, auth }) => {
        asked.push(`${method}:${owner}:${auth?.principal}`);
        return auth?.scopes?.includes('tasks') ?? false;
      },
    });
    const { result } = await callWithTasks(server, 'slow', { label: 'l' }, { auth: { principal: 'p' } });
    const taskId = result?.taskId as string;
    expect(
      (await taskRequest(server, 'tasks/get', { taskId }, { auth: { principal: 'q' } })).error?.code,
    ).toBe(-32602);
    const allowed = await taskRequest(
      server,
      'tasks/get',
      { taskId },
      { auth: { principal: 'q', scopes: ['tasks'] } },
    );
    expect(allowed.result?.taskId).toBe(taskId);
    expect(asked).toEqual(['tasks/get:p:q', 'tasks/get:p:q']);
  });

  it('X-9: a CreateTaskResult never answers another method or a non-declaring request', async () => {
    const server = new McpServer({ name: 's', version: '1' }, { tasks: {}, onError: () => {} });
    server.prompt('p', {}, () => ({ messages: [] }));
    server.tool('t', {}, () => ({ content: [] }));
    server.use(async (_request, next) => ({ ...(await next()), resultType: 'task' }) as never);
    const prompt = await call(server, 'prompts/get', { name: 'p', _meta: meta({}, WITH_TASKS) });
    expect(prompt.error?.code).toBe(-32603);
    const undeclared = await call(server, 'tools/call', { name: 't' });
    expect(undeclared.error?.code).toBe(-32603);
    const declared = await call(server, 'tools/call', { name: 't', _meta: meta({}, WITH_TASKS) });
    expect(declared.result?.resultType).toBe('task');
  });
});
