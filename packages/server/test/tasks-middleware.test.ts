import type { GetTaskResult } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpError, type TaskRequestInfo } from '../src/index.js';
import { call, meta } from './helpers.js';
import { callWithTasks, pollUntil, taskRequest, taskServer } from './task-fixtures.js';

describe('tasks extension: middleware', () => {
  it('X-18: tasks/get, tasks/update and tasks/cancel pass through middleware with their params and context', async () => {
    const { server } = taskServer({}, new Promise(() => {}));
    const seen: string[] = [];
    let context: TaskRequestInfo | undefined;
    server.use(async (request, next) => {
      if (request.method === 'tasks/get' || request.method === 'tasks/cancel') {
        seen.push(`${request.method}:${request.params.taskId === taskId}:${request.context.auth?.principal}`);
        context = request.context;
      } else if (request.method === 'tasks/update') {
        seen.push(`${request.method}:${Object.keys(request.params.inputResponses).join()}`);
      } else {
        seen.push(request.method);
      }
      return next();
    });
    const alice = { auth: { principal: 'alice' } };
    const created = await callWithTasks(server, 'slow', { label: 'm' }, alice);
    const taskId = created.result?.taskId as string;
    expect((await taskRequest(server, 'tasks/get', { taskId }, alice)).result?.status).toBe('working');
    await taskRequest(server, 'tasks/update', { taskId, inputResponses: { k: {} } }, alice);
    await taskRequest(server, 'tasks/cancel', { taskId }, alice);
    expect(seen).toEqual(['tools/call', 'tasks/get:true:alice', 'tasks/update:k', 'tasks/cancel:true:alice']);
    expect(context).toMatchObject({
      method: 'tasks/cancel',
      protocolVersion: '2026-07-28',
      transport: 'memory',
    });
    expect(context?.signal).toBeInstanceOf(AbortSignal);
  });

  it('X-18: a middleware that refuses a task request answers its error, and the task is untouched', async () => {
    const { server, seen } = taskServer({}, new Promise(() => {}));
    server.use(async (request, next) => {
      if (request.method === 'tasks/cancel' && request.context.auth?.scopes?.includes('admin') !== true) {
        throw new McpError(1403, 'cancelling tasks needs the admin scope');
      }
      return next();
    });
    const created = await callWithTasks(server, 'slow', { label: 'n' });
    const taskId = created.result?.taskId as string;
    await pollUntil(server, taskId, () => seen.signal !== undefined);
    const refused = await taskRequest(server, 'tasks/cancel', { taskId });
    expect(refused.error).toMatchObject({ code: 1403, message: 'cancelling tasks needs the admin scope' });
    expect(seen.signal?.aborted).toBe(false);
    expect((await taskRequest(server, 'tasks/get', { taskId })).result?.status).toBe('working');
  });

  it('may answer a tasks/get itself or change its result, which is still checked', async () => {
    const { server } = taskServer({}, new Promise(() => {}));
    server.use(async (request, next) => {
      if (request.method !== 'tasks/get') return next();
      const task = (await next()) as GetTaskResult;
      return { ...task, statusMessage: 'seen by middleware' };
    });
    const created = await callWithTasks(server, 'slow', { label: 'o' });
    const taskId = created.result?.taskId as string;
    const got = await taskRequest(server, 'tasks/get', { taskId });
    expect(got.result).toMatchObject({ taskId, status: 'working', statusMessage: 'seen by middleware' });
  });

  it('X-17: middleware runs only for task requests that passed the extension checks', async () => {
    const { server } = taskServer();
    const methods: string[] = [];
    server.use(async (request, next) => {
      methods.push(request.method);
      return next();
    });
    const undeclared = await call(server, 'tasks/get', { taskId: 'x', _meta: meta() });
    expect(undeclared.error?.code).toBe(-32021);
    const malformed = await taskRequest(server, 'tasks/get', { taskId: 7 });
    expect(malformed.error?.code).toBe(-32602);
    const unknown = await taskRequest(server, 'tasks/get', { taskId: 'nope' });
    expect(unknown.error?.code).toBe(-32602);
    expect(methods).toEqual(['tasks/get']);
  });
});
