import type { AuthInfo } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { InMemoryTaskStore, McpServer } from '../src/index.js';
import { callWithTasks } from './task-fixtures.js';

/** A server whose `wipe` tool needs `files:write` and runs as a task that never ends. */
function scopedTaskServer(options: { authorize?: () => boolean } = {}) {
  const store = new InMemoryTaskStore();
  const server = new McpServer(
    { name: 'tasks-scopes', version: '1.0.0' },
    { tasks: { store, ...options }, onError: () => {} },
  );
  server.tool('wipe', { scopes: ['files:write'], taskSupport: 'optional' }, (_args, ctx) =>
    ctx.runAsTask(() => new Promise<never>(() => {})),
  );
  return { server, store };
}

const alice: AuthInfo = { principal: 'alice', scopes: ['files:write'] };

describe('a task remembers the tool that made it, and needs its scopes', () => {
  it("X-18: the task record names its tool; taskScopes gives that tool's scopes to whoever may see the task", async () => {
    const { server, store } = scopedTaskServer();
    const taskId = (await callWithTasks(server, 'wipe', {}, { auth: alice })).result?.taskId as string;
    expect((await store.get(taskId))?.tool).toBe('wipe');
    for (const method of ['tasks/get', 'tasks/update', 'tasks/cancel', 'subscriptions/listen'] as const)
      expect(await server.taskScopes(taskId, method, { principal: 'alice', scopes: [] })).toEqual([
        'files:write',
      ]);
  });

  it('X-18: no scopes for an unknown or expired task, one the caller may not see, or one of a record without a tool', async () => {
    const { server, store } = scopedTaskServer();
    const taskId = (await callWithTasks(server, 'wipe', {}, { auth: alice })).result?.taskId as string;
    expect(await server.taskScopes('nope', 'tasks/get', alice)).toEqual([]);
    expect(await server.taskScopes(taskId, 'tasks/get', { principal: 'bob', scopes: [] })).toEqual([]);
    expect(await server.taskScopes(taskId, 'tasks/get', undefined)).toEqual([]);
    const record = (await store.get(taskId))!;
    const { tool: _tool, ...older } = record;
    await store.put(older);
    expect(await server.taskScopes(taskId, 'tasks/get', alice)).toEqual([]);
    await store.put({ ...record, expiresAt: Date.now() - 1 });
    expect(await server.taskScopes(taskId, 'tasks/get', alice)).toEqual([]);
    expect(
      await new McpServer({ name: 'no-tasks', version: '1' }).taskScopes(taskId, 'tasks/get', alice),
    ).toEqual([]);
  });

  it('X-18: taskScopes asks tasks.authorize, so a custom rule decides who learns them', async () => {
    const { server } = scopedTaskServer({ authorize: () => false });
    const taskId = (await callWithTasks(server, 'wipe', {}, { auth: alice })).result?.taskId as string;
    expect(await server.taskScopes(taskId, 'tasks/get', alice)).toEqual([]);
  });
});
