import { describe, expect, it } from 'vitest';
import { call, meta } from './helpers.js';
import { callWithTasks, pollUntil, taskRequest, taskServer } from './task-fixtures.js';

/** The client capability of the 2025-11-25 experimental tasks, which is not this extension. */
const LEGACY_TASKS = { tasks: { requests: { tools: { call: {} } }, cancel: {}, list: {} } };

describe('tasks extension: what SEP-2663 says of the 2025-11-25 tasks and of cancellation', () => {
  it('X-19: server/discover advertises the extension only, never the 2025-11-25 tasks capability', async () => {
    const { server } = taskServer();
    const { result } = await call(server, 'server/discover');
    expect(result?.capabilities).not.toHaveProperty('tasks');
  });

  it('X-8: a client declaring only the 2025-11-25 tasks capability is a non-declaring client', async () => {
    const { server } = taskServer();
    const legacyOnly = meta({}, LEGACY_TASKS as never);
    const inline = await call(server, 'tools/call', {
      name: 'slow',
      arguments: { label: 'u' },
      _meta: legacyOnly,
    });
    expect(inline.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'done u' }],
    });
    const required = await call(server, 'tools/call', { name: 'must_task', _meta: legacyOnly });
    expect(required.error?.code).toBe(-32021);
    const get = await call(server, 'tasks/get', { taskId: 'x', _meta: legacyOnly });
    expect(get.error?.code).toBe(-32021);
  });

  it('X-12: the end of the tools/call that created a task (its cancellation, a closed stream) does not cancel the task', async () => {
    const { server, seen } = taskServer({}, new Promise(() => {}));
    const controller = new AbortController();
    const created = await callWithTasks(server, 'slow', { label: 'v' }, { signal: controller.signal });
    const taskId = created.result?.taskId as string;
    await pollUntil(server, taskId, () => seen.signal !== undefined);
    controller.abort();
    expect(seen.signal?.aborted).toBe(false);
    expect((await taskRequest(server, 'tasks/get', { taskId })).result?.status).toBe('working');
  });
});
