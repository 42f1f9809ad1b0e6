import { TASKS_EXTENSION } from '@mcpkit/protocol';
import type { McpServer } from '@mcpkit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from './fixtures.js';
import { closeAll, type Instance, startInstances } from './instances.js';
import { startRedis, type TestRedis } from './redis-server.js';

let redis: TestRedis;
let instances: Instance[];
beforeAll(async () => {
  redis = await startRedis();
  instances = await startInstances(redis.url, 3);
});
afterAll(async () => {
  await closeAll(instances ?? []);
  await redis?.stop();
});

let nextId = 1;

/** Sends a 2026 request with the tasks extension declared to `server` and returns its result or error. */
async function request(server: McpServer, method: string, params: Record<string, unknown>) {
  const message = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {
          elicitation: {},
          extensions: { [TASKS_EXTENSION]: {} },
        },
      },
    },
  };
  let last: Record<string, unknown> | undefined;
  for await (const item of server.handle(message, {
    transport: 'memory',
    signal: new AbortController().signal,
  })) {
    if ('response' in item) last = item.response as unknown as Record<string, unknown>;
  }
  return last as { result?: Record<string, unknown>; error?: { code: number; message: string } };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 3000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(20);
  }
}

describe('tasks across instances', () => {
  it('X-11, X-12: a task made on one instance is read on another, and cancelled from a third, which stops its work', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const created = await request(a.server, 'tools/call', {
      name: 'slow',
      arguments: { label: 'cancel-me' },
    });
    const taskId = created.result?.taskId as string;
    expect(created.result?.resultType).toBe('task');
    const got = await request(b.server, 'tasks/get', { taskId });
    expect(got.result).toMatchObject({ taskId, status: 'working' });
    expect(await request(c.server, 'tasks/cancel', { taskId })).toMatchObject({
      result: { resultType: 'complete' },
    });
    expect(a.aborted.has('cancel-me')).toBe(true);
    const after = await until(
      () => request(b.server, 'tasks/get', { taskId }),
      (r) => r.result?.status === 'cancelled',
    );
    expect(after.result?.status).toBe('cancelled');
  });

  it('X-13: tasks/update on another instance answers the question the work asked', async () => {
    const [a, b] = instances as [Instance, Instance];
    const created = await request(a.server, 'tools/call', { name: 'slow', arguments: { label: 'ask-1' } });
    const taskId = created.result?.taskId as string;
    const asking = await until(
      () => request(b.server, 'tasks/get', { taskId }),
      (r) => r.result?.status === 'input_required',
    );
    expect(asking.result?.inputRequests).toHaveProperty('go');
    const bad = await request(b.server, 'tasks/update', {
      taskId,
      inputResponses: { go: { action: 'accept', content: { go: 'yes' } } },
    });
    expect(bad.error?.code).toBe(-32602);
    const updated = await request(b.server, 'tasks/update', {
      taskId,
      inputResponses: { go: { action: 'accept', content: { go: true } } },
    });
    expect(updated.result).toMatchObject({ resultType: 'complete' });
    const done = await until(
      () => request(b.server, 'tasks/get', { taskId }),
      (r) => r.result?.status === 'completed',
    );
    expect(done.result?.result).toMatchObject({ content: [{ type: 'text', text: 'answered on i0' }] });
  });

  it('a task whose instance stopped is failed with a message saying so, once its lease lapsed', async () => {
    const [a, b] = instances as [Instance, Instance, Instance];
    const created = await request(a.server, 'tools/call', { name: 'slow', arguments: { label: 'orphan' } });
    const taskId = created.result?.taskId as string;
    expect((await request(b.server, 'tasks/get', { taskId })).result?.status).toBe('working');
    // As if the instance's process died: it renews its lease no more.
    a.cluster.client.destroy();
    expect((await request(b.server, 'tasks/get', { taskId })).result?.status).toBe('working');
    await sleep(700);
    const failed = await request(b.server, 'tasks/get', { taskId });
    expect(failed.result).toMatchObject({
      status: 'failed',
      error: { code: -32603, message: expect.stringContaining('server instance that ran the task stopped') },
    });
    // Failed for good: another instance reads the same.
    expect((await request(instances[2]!.server, 'tasks/get', { taskId })).result?.status).toBe('failed');
  });
});
