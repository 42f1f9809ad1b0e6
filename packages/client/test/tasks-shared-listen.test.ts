import { createInMemoryTransport, type JSONRPCNotification, type JSONRPCRequest } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { followTasks, McpClient } from '../src/index.js';
import { done } from './helpers/input-rounds.js';
import { mockServer, tagged } from './helpers/mock-server.js';

const T0 = '2026-07-28T10:00:00Z';
const T1 = '2026-07-28T10:00:01Z';
const task = (taskId: string, status: string, extra: Record<string, unknown> = {}) => ({
  taskId,
  status,
  createdAt: T0,
  lastUpdatedAt: T0,
  ttlMs: 60_000,
  ...extra,
});

const until = async (condition: () => boolean) => {
  for (let i = 0; !condition(); i++) {
    if (i > 2000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
};

interface OpenStream {
  readonly taskIds: readonly string[];
  push(notification: JSONRPCNotification): void;
}

/**
 * A server whose every tool call starts a new task (`task-1`, `task-2`, …) that only a notification
 * ends; `granted` picks which of a listen's task ids it acknowledges. It logs each listen stream's
 * opening, acknowledgement and close, and counts how many are open at once.
 */
function taskServer(granted: (taskId: string) => boolean = () => true) {
  let tasks = 0;
  let open = 0;
  let mostOpen = 0;
  const log: string[] = [];
  const streams = new Set<OpenStream>();
  const states = new Map<string, ReturnType<typeof task>>();
  const server = mockServer({
    'tools/call': () => {
      const taskId = `task-${++tasks}`;
      states.set(taskId, task(taskId, 'working'));
      return { resultType: 'task', ...task(taskId, 'working') };
    },
    'tasks/get': (request) => ({ resultType: 'complete', ...states.get(request.params?.taskId as string) }),
    'subscriptions/listen': (request: JSONRPCRequest, context) =>
      (async function* () {
        const { taskIds } = (request.params as { notifications: { taskIds: string[] } }).notifications;
        const name = taskIds.join(',');
        const inbox: JSONRPCNotification[] = [];
        let wake: (() => void) | undefined;
        const stream = {
          taskIds,
          push: (notification: JSONRPCNotification) => {
            inbox.push(notification);
            wake?.();
          },
        };
        open++;
        mostOpen = Math.max(mostOpen, open);
        log.push(`open ${name}`);
        const closed = new Promise<void>((resolve) =>
          context.signal.addEventListener(
            'abort',
            () => {
              open--;
              streams.delete(stream);
              log.push(`close ${name}`);
              resolve();
            },
            { once: true },
          ),
        );
        log.push(`ack ${name}`);
        streams.add(stream);
        yield tagged('notifications/subscriptions/acknowledged', request.id, {
          notifications: { taskIds: taskIds.filter(granted) },
        });
        for (;;) {
          while (inbox.length > 0) yield tagged(inbox[0]!.method, request.id, inbox.shift()!.params);
          await Promise.race([closed, new Promise<void>((resolve) => (wake = resolve))]);
          if (context.signal.aborted) return;
        }
      })(),
  });
  /** Ends `taskId` with `text` by a notification on every open stream that asked for it. */
  const complete = (taskId: string, text: string) => {
    const ended = task(taskId, 'completed', { lastUpdatedAt: T1, result: done(text) });
    states.set(taskId, ended);
    for (const stream of streams) {
      if (stream.taskIds.includes(taskId)) stream.push(tagged('notifications/tasks', 0, ended));
    }
  };
  const covered = (taskId: string) => [...streams].some((stream) => stream.taskIds.includes(taskId));
  return {
    server,
    log,
    complete,
    covered,
    get open() {
      return open;
    },
    get mostOpen() {
      return mostOpen;
    },
  };
}

describe('tasks extension: one listen stream for every followed task', () => {
  it('X-15: eight tasks followed at once share a stream: never more than two open, none left after', async () => {
    const mock = taskServer();
    const client = new McpClient(createInMemoryTransport(mock.server), {
      autoListTools: false,
      tasks: followTasks(),
    });
    const ids = Array.from({ length: 8 }, (_, i) => `task-${i + 1}`);
    const calls = ids.map(() => client.callTool('work'));
    await until(() => ids.every(mock.covered) && mock.open === 1);
    expect(mock.mostOpen).toBeLessThanOrEqual(2);
    expect(mock.server.calls('subscriptions/listen').length).toBeLessThan(ids.length);

    for (const id of ids) mock.complete(id, `done ${id}`);
    expect(await Promise.all(calls)).toEqual(ids.map((id) => done(`done ${id}`)));
    await until(() => mock.open === 0);
    // Notified, never polled past the one read each task gets once its stream is acknowledged.
    expect(mock.server.calls('tasks/get').length).toBeLessThanOrEqual(ids.length);
    await client.close();
  });

  it('X-15: a task that starts later gets a new stream for both, and the old one closes only once the new one is acknowledged', async () => {
    const mock = taskServer();
    const client = new McpClient(createInMemoryTransport(mock.server), {
      autoListTools: false,
      tasks: followTasks(),
    });
    const first = client.callTool('work');
    await until(() => mock.covered('task-1'));
    const second = client.callTool('work');
    await until(() => mock.covered('task-2') && mock.open === 1);
    expect(mock.log).toEqual([
      'open task-1',
      'ack task-1',
      'open task-1,task-2',
      'ack task-1,task-2',
      'close task-1',
    ]);

    mock.complete('task-1', 'first');
    expect(await first).toEqual(done('first'));
    // The stream stays for the task still followed.
    expect(mock.open).toBe(1);
    mock.complete('task-2', 'second');
    expect(await second).toEqual(done('second'));
    await until(() => mock.open === 0);
    expect(mock.log.at(-1)).toBe('close task-1,task-2');
    await client.close();
  });

  it('X-15: a task the acknowledgement leaves out is polled, while the stream serves the others', async () => {
    const mock = taskServer((taskId) => taskId !== 'task-2');
    let polls = 0;
    const poll = mock.server.handlers['tasks/get']!;
    mock.server.handlers['tasks/get'] = (request, context) => {
      const taskId = request.params?.taskId;
      if (taskId === 'task-2' && ++polls === 3) mock.complete('task-2', 'polled');
      return poll(request, context);
    };
    const client = new McpClient(createInMemoryTransport(mock.server), {
      autoListTools: false,
      tasks: followTasks({ pollIntervalMs: 1 }),
    });
    const first = client.callTool('work');
    const second = client.callTool('work');
    expect(await second).toEqual(done('polled'));
    expect(polls).toBeGreaterThanOrEqual(3);
    mock.complete('task-1', 'notified');
    expect(await first).toEqual(done('notified'));
    await client.close();
  });

  it('X-15: with an McpServer, tasks followed at once end by their notifications on a shared stream', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = new McpServer({ name: 'tasks', version: '1.0.0' }, { tasks: { pollIntervalMs: 60_000 } });
    server.tool('wait', { taskSupport: 'optional' }, (_args, ctx) =>
      ctx.runAsTask(async () => {
        await released;
        return { content: [{ type: 'text', text: 'waited' }] };
      }),
    );
    const counts = new Map<string, number>();
    server.use(async (call, next) => {
      counts.set(call.method, (counts.get(call.method) ?? 0) + 1);
      return next();
    });
    const client = new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      tasks: followTasks(),
    });
    const calls = Array.from({ length: 6 }, () => client.callTool('wait'));
    // Each task is read once, when a stream that covers it is acknowledged.
    await until(() => (counts.get('tasks/get') ?? 0) >= 6);
    release();
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 6 }, () => done('waited')));
    expect(counts.get('subscriptions/listen')).toBeLessThan(6);
    expect(counts.get('tasks/get')).toBe(6);
    await client.close();
  });
});
