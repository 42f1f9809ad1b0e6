import { type JSONRPCNotification, requestHeaders, TASKS_EXTENSION } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { call, headersFor, meta, request } from './helpers.js';
import {
  callWithTasks,
  gate,
  isTerminal,
  pollUntil,
  taskRequest,
  taskServer,
  WITH_TASKS,
} from './task-fixtures.js';

const YES = { action: 'accept', content: { confirm: true } };

describe('tasks extension: input while a task runs', () => {
  it('X-13: a question puts the task in input_required; tasks/update answers it and the task resumes', async () => {
    const { server } = taskServer();
    const { result } = await callWithTasks(server, 'confirm');
    const taskId = result?.taskId as string;
    const waiting = await pollUntil(server, taskId, (t) => t.status === 'input_required');
    expect(waiting.inputRequests).toEqual({
      confirm: { method: 'elicitation/create', params: expect.objectContaining({ message: 'Sure?' }) },
    });
    const ack = await taskRequest(server, 'tasks/update', { taskId, inputResponses: { confirm: YES } });
    expect(ack.result).toMatchObject({ resultType: 'complete' });
    expect(ack.result).not.toHaveProperty('status');
    const done = await pollUntil(server, taskId, isTerminal);
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ text: 'deleted' }] } });
  });

  it('X-13: answers can come one at a time; only the unanswered key stays, and keys are never reused', async () => {
    const { server } = taskServer();
    const { result } = await callWithTasks(server, 'twice');
    const taskId = result?.taskId as string;
    const both = await pollUntil(
      server,
      taskId,
      (t) => Object.keys((t.inputRequests as object) ?? {}).length === 2,
    );
    expect(Object.keys(both.inputRequests as object)).toEqual(['a', 'b']);
    await taskRequest(server, 'tasks/update', { taskId, inputResponses: { a: YES } });
    const afterFirst = await taskRequest(server, 'tasks/get', { taskId });
    expect(afterFirst.result).toMatchObject({ status: 'input_required' });
    expect(Object.keys(afterFirst.result?.inputRequests as object)).toEqual(['b']);
    await taskRequest(server, 'tasks/update', { taskId, inputResponses: { b: YES } });
    // The work asks under "a" again: the client sees a key it was never shown.
    const again = await pollUntil(server, taskId, (t) =>
      Object.hasOwn((t.inputRequests as object | undefined) ?? {}, 'a#2'),
    );
    expect(Object.keys(again.inputRequests as object)).toEqual(['a#2']);
    // A late answer to the old key is ignored.
    await taskRequest(server, 'tasks/update', { taskId, inputResponses: { a: YES } });
    expect((await taskRequest(server, 'tasks/get', { taskId })).result?.status).toBe('input_required');
    await taskRequest(server, 'tasks/update', { taskId, inputResponses: { 'a#2': YES } });
    const done = await pollUntil(server, taskId, isTerminal);
    expect(done.status).toBe('completed');
  });

  it('X-12: answers to unknown keys are ignored; a malformed answer is -32602 and changes nothing', async () => {
    const { server } = taskServer();
    const { result } = await callWithTasks(server, 'confirm');
    const taskId = result?.taskId as string;
    await pollUntil(server, taskId, (t) => t.status === 'input_required');
    const unknown = await taskRequest(server, 'tasks/update', {
      taskId,
      inputResponses: { other: { x: 1 } },
    });
    expect(unknown.result?.resultType).toBe('complete');
    const bad = await taskRequest(server, 'tasks/update', {
      taskId,
      inputResponses: { confirm: { action: 'accept', content: { confirm: 'yes' } } },
    });
    expect(bad.error?.code).toBe(-32602);
    expect((await taskRequest(server, 'tasks/get', { taskId })).result?.status).toBe('input_required');
  });

  it('X-18: a task asks only what the creating request may be asked (same trust model as direct input)', async () => {
    const { server } = taskServer();
    const noForms = { extensions: { [TASKS_EXTENSION]: {} } };
    const { result } = await call(server, 'tools/call', { name: 'confirm', _meta: meta({}, noForms) });
    const done = await pollUntil(server, result?.taskId as string, isTerminal);
    expect(done).toMatchObject({ status: 'failed', error: { code: -32021 } });
  });

  it('X-12: cancelling a task that waits for input ends it cancelled without inputRequests', async () => {
    const { server } = taskServer();
    const { result } = await callWithTasks(server, 'confirm');
    const taskId = result?.taskId as string;
    await pollUntil(server, taskId, (t) => t.status === 'input_required');
    await taskRequest(server, 'tasks/cancel', { taskId });
    const got = await taskRequest(server, 'tasks/get', { taskId });
    expect(got.result?.status).toBe('cancelled');
    expect(got.result).not.toHaveProperty('inputRequests');
  });

  it('X-11: a tool asks with multi round-trip first, then runs as a task with the answer', async () => {
    const server = new McpServer({ name: 's', version: '1' }, { tasks: {} });
    server.tool('greet_later', { taskSupport: 'required' }, async (_args, ctx) => {
      const answer = await ctx.elicit('user_name', {
        message: 'Name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      });
      const name = answer.action === 'accept' ? answer.content.name : 'nobody';
      return ctx.runAsTask(async () => ({ content: [{ type: 'text', text: `Hello, ${name}!` }] }));
    });
    const first = await callWithTasks(server, 'greet_later');
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    expect(first.result).not.toHaveProperty('taskId');
    const second = await call(server, 'tools/call', {
      name: 'greet_later',
      arguments: {},
      inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } },
      requestState: first.result?.requestState,
      _meta: meta({}, WITH_TASKS),
    });
    expect(second.error).toBeUndefined();
    expect(second.result).toMatchObject({ resultType: 'task' });
    expect(second.result).not.toHaveProperty('requestState');
    const done = await pollUntil(server, second.result?.taskId as string, isTerminal);
    expect(done.result).toMatchObject({ content: [{ text: 'Hello, Alice!' }] });
  });
});

describe('tasks extension: HTTP headers and listen streams', () => {
  it('X-16: a client mirrors params.taskId in Mcp-Name for tasks/get, tasks/update and tasks/cancel', () => {
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel']) {
      expect(requestHeaders({ method, params: { taskId: 'abc-1' } })['Mcp-Name']).toBe('abc-1');
    }
  });

  it('X-16: the server rejects an Mcp-Name that is not the task id with -32020', async () => {
    const release = gate();
    const { server } = taskServer({}, release.wait);
    const taskId = (await callWithTasks(server, 'slow', { label: 'm' })).result?.taskId as string;
    const right = await taskRequest(
      server,
      'tasks/get',
      { taskId },
      { headers: headersFor('tasks/get', { 'Mcp-Name': taskId }) },
    );
    expect(right.result?.taskId).toBe(taskId);
    const wrong = await taskRequest(
      server,
      'tasks/get',
      { taskId },
      { headers: headersFor('tasks/get', { 'Mcp-Name': 'other' }) },
    );
    expect(wrong.error?.code).toBe(-32020);
    const missing = await taskRequest(server, 'tasks/get', { taskId }, { headers: headersFor('tasks/get') });
    expect(missing.error?.code).toBe(-32020);
    release.open();
  });

  it('X-15: task ids in a listen filter need the extension declared (-32021)', async () => {
    const { server } = taskServer();
    const { error } = await call(server, 'subscriptions/listen', { notifications: { taskIds: ['x'] } });
    expect(error?.code).toBe(-32021);
    expect(error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  });

  it('X-15: a listen stream hears notifications/tasks with the full task for the ids it may see', async () => {
    const release = gate();
    const { server } = taskServer({}, release.wait);
    const owner = { auth: { principal: 'alice' } };
    const taskId = (await callWithTasks(server, 'slow', { label: 'n' }, owner)).result?.taskId as string;
    const controller = new AbortController();
    const { createInMemoryTransport } = await import('@mcpkit/protocol');
    const transport = createInMemoryTransport(server, { context: { transport: 'memory', ...owner } });
    const listen = request('subscriptions/listen', {
      notifications: { taskIds: [taskId, 'unknown-task'] },
      _meta: meta({}, WITH_TASKS),
    });
    const seen: JSONRPCNotification[] = [];
    const reading = (async () => {
      for await (const message of transport.exchange(listen, { signal: controller.signal })) {
        seen.push(message as JSONRPCNotification);
        if (seen.length === 1) release.open();
        if ((message as JSONRPCNotification).params?.status === 'completed') controller.abort();
      }
    })();
    await reading.catch(() => {});
    expect(seen[0]?.params?.notifications).toEqual({ taskIds: [taskId] });
    const last = seen.at(-1)!;
    expect(last.method).toBe('notifications/tasks');
    expect(last.params).toMatchObject({
      _meta: { 'io.modelcontextprotocol/subscriptionId': listen.id },
      taskId,
      status: 'completed',
      result: { content: [{ text: 'done n' }] },
    });
  });
});
