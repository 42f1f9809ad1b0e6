import type { AuthInfo } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { InMemoryTaskStore, McpServer, type TaskRecord } from '../src/index.js';
import { request, send } from './helpers.js';
import { callWithTasks, taskServer } from './task-fixtures.js';

const as = (principal: string) => ({ auth: { principal } satisfies AuthInfo });
const NEVER = new Promise<void>(() => {});

describe('tasks per principal (issue 31, finding 7)', () => {
  it('one principal filling its task quota does not lock out another', async () => {
    const { server } = taskServer(
      { store: new InMemoryTaskStore({ maxTasks: 100, maxTasksPerPrincipal: 3 }) },
      NEVER,
    );
    for (let i = 0; i < 3; i++) {
      expect(
        (await callWithTasks(server, 'slow', { label: `m${i}` }, as('mallory'))).result?.resultType,
      ).toBe('task');
    }
    const refused = await callWithTasks(server, 'slow', { label: 'm3' }, as('mallory'));
    expect(refused.error).toMatchObject({
      code: -32603,
      message: expect.stringContaining('most tasks one caller may (3)'),
    });
    expect(refused.status).toBe(503);
    expect((await callWithTasks(server, 'slow', { label: 'a' }, as('alice'))).result?.resultType).toBe(
      'task',
    );
    // Tasks without a principal count only towards maxTasks.
    for (let i = 0; i < 4; i++)
      expect((await callWithTasks(server, 'slow', { label: `n${i}` })).result?.resultType).toBe('task');
  });

  const record = (
    taskId: string,
    owner: string | undefined,
    expiresAt: number | null = null,
  ): TaskRecord => ({
    task: { taskId, status: 'working', createdAt: '', lastUpdatedAt: '', ttlMs: null },
    owner,
    expiresAt,
    runner: { instanceId: 'default', startId: 's' },
  });

  it("InMemoryTaskStore frees a principal's place when a task is deleted or expires", async () => {
    let now = 0;
    const store = new InMemoryTaskStore({ maxTasksPerPrincipal: 2, now: () => now });
    await store.create(record('t1', 'mallory', 10));
    await store.create(record('t2', 'mallory'));
    await expect(store.create(record('t3', 'mallory'))).rejects.toThrow('most tasks one caller may (2)');
    await store.delete('t2');
    await store.create(record('t3', 'mallory'));
    now = 11;
    await store.create(record('t4', 'mallory'));
    expect(store.size).toBe(2);
    expect(() => new InMemoryTaskStore({ maxTasksPerPrincipal: 0 })).toThrow(RangeError);
  });
});

describe('listen streams per principal (issue 31, finding 7)', () => {
  function listen(server: McpServer, auth?: AuthInfo) {
    const controller = new AbortController();
    const exchange = server.handle(
      request('subscriptions/listen', { notifications: { toolsListChanged: true } }),
      {
        transport: 'memory',
        signal: controller.signal,
        auth,
      },
    );
    const iterator = exchange[Symbol.asyncIterator]();
    const first = async () => {
      const item = (await iterator.next()).value!;
      return ('response' in item ? item.response : item) as Record<string, unknown>;
    };
    return { first, close: () => controller.abort() };
  }
  const server = (options = {}) => {
    const s = new McpServer({ name: 'q', version: '1' }, { maxListensPerPrincipal: 2, ...options });
    s.tool('t', {}, () => ({ content: [] }));
    return s;
  };
  const acknowledged = (item: Record<string, unknown>) =>
    item.method === 'notifications/subscriptions/acknowledged';

  it('one principal filling its listen quota does not lock out another; closing one frees its place', async () => {
    const s = server();
    const mallory = [listen(s, { principal: 'mallory' }), listen(s, { principal: 'mallory' })];
    for (const stream of mallory) expect(acknowledged(await stream.first())).toBe(true);
    const refused = await listen(s, { principal: 'mallory' }).first();
    expect(refused).toMatchObject({
      error: { code: -32603, message: expect.stringContaining('most listen streams one caller may (2)') },
    });
    expect(acknowledged(await listen(s, { principal: 'alice' }).first())).toBe(true);
    for (let i = 0; i < 3; i++) expect(acknowledged(await listen(s).first())).toBe(true);
    mallory[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(acknowledged(await listen(s, { principal: 'mallory' }).first())).toBe(true);
  });

  it('maxListens bounds every stream together', async () => {
    const s = server({ maxListens: 2 });
    expect(acknowledged(await listen(s).first())).toBe(true);
    expect(acknowledged(await listen(s, { principal: 'a' }).first())).toBe(true);
    const refused = await send(
      s,
      request('subscriptions/listen', { notifications: { toolsListChanged: true } }),
    );
    expect(refused.error?.message).toContain('most listen streams (2)');
    expect(refused.status).toBe(503);
    expect(() => server({ maxListensPerPrincipal: 0 })).toThrow(RangeError);
  });
});
