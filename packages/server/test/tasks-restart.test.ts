import { describe, expect, it } from 'vitest';
import { InMemoryTaskStore, type TaskRecord, type TaskStore } from '../src/index.js';
import { callWithTasks, pollUntil, taskRequest, taskServer } from './task-fixtures.js';

/** A store that keeps what it is given as JSON, as a shared store across processes would. */
class JsonTaskStore implements TaskStore {
  readonly texts = new Map<string, string>();
  async create(record: TaskRecord) {
    this.texts.set(record.task.taskId, JSON.stringify(record));
  }
  async get(taskId: string) {
    const text = this.texts.get(taskId);
    return text === undefined ? undefined : (JSON.parse(text) as TaskRecord);
  }
  async put(record: TaskRecord) {
    this.texts.set(record.task.taskId, JSON.stringify(record));
  }
  async delete(taskId: string) {
    this.texts.delete(taskId);
  }
}

const never = new Promise<void>(() => {});
const LOST = 'The server restarted before the task finished; its work was lost';

describe('tasks extension: a server restart', () => {
  it('X-10: a task left working by an earlier start is failed with -32603 saying so, not working forever', async () => {
    const store = new JsonTaskStore();
    const before = taskServer({ store }, never);
    const created = await callWithTasks(before.server, 'slow', { label: 'r' });
    const taskId = created.result?.taskId as string;
    await pollUntil(before.server, taskId, () => before.seen.signal !== undefined);
    expect(JSON.parse(store.texts.get(taskId)!).task.status).toBe('working');

    const after = taskServer({ store }, never);
    const got = await taskRequest(after.server, 'tasks/get', { taskId });
    expect(got.result).toMatchObject({
      taskId,
      status: 'failed',
      statusMessage: LOST,
      error: { code: -32603, message: LOST },
    });
    expect(got.result).not.toHaveProperty('inputRequests');
    expect(JSON.parse(store.texts.get(taskId)!).task.status).toBe('failed');
    // Terminal from now on: a cancel acknowledges and changes nothing.
    expect((await taskRequest(after.server, 'tasks/cancel', { taskId })).result?.resultType).toBe('complete');
    expect((await taskRequest(after.server, 'tasks/get', { taskId })).result?.status).toBe('failed');
  });

  it('X-13: a task waiting for input when the server restarted fails too; its questions are gone', async () => {
    const store = new InMemoryTaskStore();
    const before = taskServer({ store });
    const created = await callWithTasks(before.server, 'confirm');
    const taskId = created.result?.taskId as string;
    await pollUntil(before.server, taskId, (task) => task.status === 'input_required');

    const after = taskServer({ store });
    const update = await taskRequest(after.server, 'tasks/update', {
      taskId,
      inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
    });
    expect(update.result?.resultType).toBe('complete');
    const got = await taskRequest(after.server, 'tasks/get', { taskId });
    expect(got.result).toMatchObject({ status: 'failed', error: { code: -32603 } });
    expect(got.result).not.toHaveProperty('inputRequests');
  });

  it('X-16: leaves alone the running tasks of another instance sharing the store, and its own', async () => {
    const store = new InMemoryTaskStore();
    const a = taskServer({ store, instanceId: 'a' }, never);
    const b = taskServer({ store, instanceId: 'b' }, never);
    const created = await callWithTasks(a.server, 'slow', { label: 's' });
    const taskId = created.result?.taskId as string;
    expect((await taskRequest(b.server, 'tasks/get', { taskId })).result?.status).toBe('working');
    expect((await taskRequest(a.server, 'tasks/get', { taskId })).result?.status).toBe('working');
    const restartedB = taskServer({ store, instanceId: 'b' }, never);
    expect((await taskRequest(restartedB.server, 'tasks/get', { taskId })).result?.status).toBe('working');
    // A cancel sent to the wrong instance is acknowledged and cannot reach the work.
    expect((await taskRequest(b.server, 'tasks/cancel', { taskId })).result?.resultType).toBe('complete');
    expect(a.seen.signal?.aborted).toBe(false);
    expect((await taskRequest(a.server, 'tasks/get', { taskId })).result?.status).toBe('working');
    const restartedA = taskServer({ store, instanceId: 'a' }, never);
    expect((await taskRequest(restartedA.server, 'tasks/get', { taskId })).result?.status).toBe('failed');
  });

  it('a task that finished before the restart keeps its result', async () => {
    const store = new InMemoryTaskStore();
    const before = taskServer({ store });
    const created = await callWithTasks(before.server, 'slow', { label: 't' });
    const taskId = created.result?.taskId as string;
    await pollUntil(before.server, taskId, (task) => task.status === 'completed');
    const after = taskServer({ store });
    const got = await taskRequest(after.server, 'tasks/get', { taskId });
    expect(got.result).toMatchObject({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'done t' }] },
    });
  });
});
