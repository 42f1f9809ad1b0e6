import { describe, expect, it } from 'vitest';
import {
  InMemoryTaskStore,
  type TaskForward,
  type TaskRecord,
  type TaskRelay,
  type TaskRunner,
  type TaskStore,
} from '../src/index.js';
import { callWithTasks, pollUntil, taskRequest, taskServer } from './task-fixtures.js';

/** A relay between servers of one process, as a shared store offers between instances. */
function localRelay(): TaskRelay & { stop(runner: TaskRunner): void } {
  const serving = new Map<string, (taskId: string, request: TaskForward) => Promise<void>>();
  return {
    serve(runner, deliver) {
      serving.set(runner.startId, deliver);
      return () => serving.delete(runner.startId);
    },
    async forward(runner, taskId, request) {
      const deliver = serving.get(runner.startId);
      if (deliver === undefined) return false;
      await deliver(taskId, request);
      return true;
    },
    async alive(runner) {
      return serving.has(runner.startId);
    },
    stop(runner) {
      serving.delete(runner.startId);
    },
  };
}

/** Two servers ("instances") sharing one store and its relay. */
function twoInstances() {
  const relay = localRelay();
  const shared = new InMemoryTaskStore();
  const store: TaskStore = {
    create: (record) => shared.create(record),
    get: (taskId) => shared.get(taskId),
    put: (record) => shared.put(record),
    delete: (taskId) => shared.delete(taskId),
    relay,
  };
  const a = taskServer({ store, instanceId: 'a' }, new Promise(() => {}));
  const b = taskServer({ store, instanceId: 'b' });
  return { a, b, relay, shared };
}

describe('tasks across instances through TaskStore.relay', () => {
  it('X-12: tasks/cancel on another instance reaches the work where it runs', async () => {
    const { a, b } = twoInstances();
    const created = await callWithTasks(a.server, 'slow', { label: 'x' });
    const taskId = created.result?.taskId as string;
    const ack = await taskRequest(b.server, 'tasks/cancel', { taskId });
    expect(ack.error).toBeUndefined();
    expect(a.seen.signal?.aborted).toBe(true);
    expect((await pollUntil(b.server, taskId, (task) => task.status === 'cancelled')).status).toBe(
      'cancelled',
    );
  });

  it('X-13: tasks/update on another instance answers the question; a bad answer is its -32602', async () => {
    const { a, b } = twoInstances();
    const created = await callWithTasks(a.server, 'confirm');
    const taskId = created.result?.taskId as string;
    await pollUntil(b.server, taskId, (task) => task.status === 'input_required');
    const bad = await taskRequest(b.server, 'tasks/update', {
      taskId,
      inputResponses: { confirm: { action: 'accept', content: { confirm: 'yes' } } },
    });
    expect(bad.error?.code).toBe(-32602);
    const good = await taskRequest(b.server, 'tasks/update', {
      taskId,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
    });
    expect(good.error).toBeUndefined();
    const done = await pollUntil(b.server, taskId, (task) => task.status === 'completed');
    expect(done.result).toMatchObject({ content: [{ type: 'text', text: 'deleted' }] });
  });

  it('a task whose instance no longer serves is failed, with a message saying its instance stopped', async () => {
    const { a, b, relay, shared } = twoInstances();
    const created = await callWithTasks(a.server, 'slow', { label: 'y' });
    const taskId = created.result?.taskId as string;
    relay.stop(((await shared.get(taskId)) as TaskRecord).runner);
    const got = await taskRequest(b.server, 'tasks/get', { taskId });
    expect(got.result).toMatchObject({
      status: 'failed',
      statusMessage: expect.stringContaining('instance that ran the task stopped'),
      error: { code: -32603 },
    });
    const cancel = await taskRequest(b.server, 'tasks/cancel', { taskId });
    expect(cancel.error).toBeUndefined();
  });
});
