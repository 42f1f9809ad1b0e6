import { createInMemoryTransport, type RequestContext } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { createFetchHandler, createHttpClientTransport } from '@mcpkit/transport-http';
import { describe, expect, it } from 'vitest';
import { followTasks, McpClient, RequestAbortedError, type TasksClientOptions } from '../src/index.js';
import { done } from './helpers/input-rounds.js';
import { mockServer, tagged } from './helpers/mock-server.js';

const T0 = '2026-07-28T10:00:00Z';
const task = (status: string, extra: Record<string, unknown> = {}) => ({
  taskId: 'task-1',
  status,
  createdAt: T0,
  lastUpdatedAt: T0,
  ttlMs: 60_000,
  pollIntervalMs: 1,
  ...extra,
});

/**
 * A server whose `wait` tool runs as a task until the server has seen `releaseWhen` say so, counting
 * each request by method (its middleware sees every one, task requests included).
 */
function countingServer(pollIntervalMs: number, releaseWhen: (counts: Map<string, number>) => boolean) {
  const counts = new Map<string, number>();
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = new McpServer({ name: 'tasks', version: '1.0.0' }, { tasks: { pollIntervalMs } });
  server.tool('wait', { taskSupport: 'optional' }, (_args, ctx) =>
    ctx.runAsTask(async () => {
      await released;
      return { content: [{ type: 'text', text: 'waited' }] };
    }),
  );
  server.use(async (call, next) => {
    counts.set(call.method, (counts.get(call.method) ?? 0) + 1);
    const result = await next();
    if (releaseWhen(counts)) release();
    return result;
  });
  return { server, counts };
}

async function follow(server: McpServer, options: TasksClientOptions) {
  const client = new McpClient(createInMemoryTransport(server), {
    autoListTools: false,
    tasks: followTasks(options),
  });
  const result = await client.callTool('wait');
  await client.close();
  return result;
}

describe('tasks extension: following a task by its notifications', () => {
  it('X-15: requests per followed task: polling grows with the task, listening does not', async () => {
    // Polling: the task ends once the client has polled 10 times.
    const polled = countingServer(5, (counts) => (counts.get('tasks/get') ?? 0) >= 10);
    expect(await follow(polled.server, { listen: false })).toMatchObject(done('waited'));
    expect(polled.counts.get('tasks/get')).toBeGreaterThanOrEqual(10);
    expect(polled.counts.has('subscriptions/listen')).toBe(false);

    // Listening: the task ends once the stream is open and the client has read the task once;
    // its end arrives as a notification. A long poll interval shows no poll is needed.
    const listened = countingServer(60_000, (counts) => (counts.get('tasks/get') ?? 0) >= 1);
    expect(await follow(listened.server, {})).toMatchObject(done('waited'));
    expect(Object.fromEntries(listened.counts)).toEqual({
      'server/discover': 1,
      'tools/call': 1,
      'subscriptions/listen': 1,
      'tasks/get': 1,
    });
    const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);
    expect(total(listened.counts)).toBeLessThan(total(polled.counts));
  });

  it('X-15, X-16: over Streamable HTTP the task is followed on a listen stream, its one read naming the task in Mcp-Name', async () => {
    const { server } = countingServer(60_000, (counts) => (counts.get('tasks/get') ?? 0) >= 1);
    const handler = createFetchHandler(server);
    const posts: { method: string | null; name: string | null }[] = [];
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      posts.push({ method: request.headers.get('mcp-method'), name: request.headers.get('mcp-name') });
      return handler(request);
    };
    const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }), {
      autoListTools: false,
      tasks: followTasks(),
    });
    let taskId = '';
    const result = await client.callTool('wait', {}, { onTask: (task) => (taskId = task.taskId) });
    expect(result).toMatchObject(done('waited'));
    expect(posts.map((post) => post.method)).toEqual([
      'server/discover',
      'tools/call',
      'subscriptions/listen',
      'tasks/get',
    ]);
    expect(posts[3]?.name).toBe(taskId);
    await client.close();
  });

  it('X-15: a server that does not send task notifications is polled, and not asked to listen again', async () => {
    let polls = 0;
    const server = mockServer({
      'tools/call': () => ({ resultType: 'task', ...task('working') }),
      'tasks/get': () =>
        ++polls % 3 === 0
          ? { resultType: 'complete', ...task('completed', { result: done('polled') }) }
          : { resultType: 'complete', ...task('working') },
      // The listen is acknowledged without taskIds: the server knows no task notifications.
      'subscriptions/listen': (request) =>
        (async function* () {
          yield tagged('notifications/subscriptions/acknowledged', request.id, { notifications: {} });
          await new Promise(() => {});
        })(),
    });
    const client = new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      tasks: followTasks(),
    });
    expect(await client.callTool('t')).toEqual(done('polled'));
    expect(await client.callTool('t')).toEqual(done('polled'));
    expect(server.calls('subscriptions/listen')).toHaveLength(1);
    expect(server.calls('tasks/get')).toHaveLength(6);
  });

  it('asks a server again after the transport restarted: the new peer may send task notifications', async () => {
    let polls = 0;
    const server = mockServer({
      'tools/call': () => ({ resultType: 'task', ...task('working') }),
      'tasks/get': () =>
        ++polls % 2 === 0
          ? { resultType: 'complete', ...task('completed', { result: done('polled') }) }
          : { resultType: 'complete', ...task('working') },
    });
    const restart: (() => void)[] = [];
    const transport = {
      ...createInMemoryTransport(server),
      onRestart: (listener: () => void) => {
        restart.push(listener);
        return () => {};
      },
    };
    const client = new McpClient(transport, { autoListTools: false, tasks: followTasks() });
    await client.callTool('t');
    await client.callTool('t');
    expect(server.calls('subscriptions/listen')).toHaveLength(1);
    for (const listener of restart) listener();
    await client.callTool('t');
    expect(server.calls('subscriptions/listen')).toHaveLength(2);
  });

  it('a listen that acknowledges the task but stays silent still ends: a check every checkIntervalMs', async () => {
    let polls = 0;
    const server = mockServer({
      'tools/call': () => ({ resultType: 'task', ...task('working', { pollIntervalMs: 60_000 }) }),
      'tasks/get': () =>
        ++polls >= 3
          ? { resultType: 'complete', ...task('completed', { result: done('checked') }) }
          : { resultType: 'complete', ...task('working', { pollIntervalMs: 60_000 }) },
      'subscriptions/listen': (request) =>
        (async function* () {
          yield tagged('notifications/subscriptions/acknowledged', request.id, {
            notifications: { taskIds: ['task-1'] },
          });
          await new Promise(() => {});
        })(),
    });
    const client = new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      tasks: followTasks({ checkIntervalMs: 5 }),
    });
    expect(await client.callTool('t')).toEqual(done('checked'));
    expect(server.calls('tasks/get')).toHaveLength(3);
  });

  it('X-12: aborting a call that listens cancels the task and closes the stream', async () => {
    let listening: RequestContext | undefined;
    const server = mockServer({
      'tools/call': () => ({ resultType: 'task', ...task('working', { pollIntervalMs: 60_000 }) }),
      'tasks/get': () => ({ resultType: 'complete', ...task('working', { pollIntervalMs: 60_000 }) }),
      'tasks/cancel': () => ({ resultType: 'complete' }),
      'subscriptions/listen': (request, context) =>
        (async function* () {
          listening = context;
          yield tagged('notifications/subscriptions/acknowledged', request.id, {
            notifications: { taskIds: ['task-1'] },
          });
          await new Promise(() => {});
        })(),
    });
    const client = new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      tasks: followTasks(),
    });
    const controller = new AbortController();
    const pending = client.callTool('t', {}, { signal: controller.signal });
    while (server.calls('tasks/get').length < 1) await new Promise((resolve) => setTimeout(resolve, 2));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
    expect(server.calls('tasks/cancel')).toHaveLength(1);
    expect(listening?.signal.aborted).toBe(true);
  });

  it('the end of a task that arrives as a notification while a read is on its way ends the call', async () => {
    const server = mockServer({
      'tools/call': () => ({ resultType: 'task', ...task('working', { pollIntervalMs: 60_000 }) }),
      // The read after the acknowledgement is slower than the notification of the end.
      'tasks/get': async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { resultType: 'complete', ...task('working', { pollIntervalMs: 60_000 }) };
      },
      'subscriptions/listen': (request) =>
        (async function* () {
          yield tagged('notifications/subscriptions/acknowledged', request.id, {
            notifications: { taskIds: ['task-1'] },
          });
          yield tagged(
            'notifications/tasks',
            request.id,
            task('completed', { lastUpdatedAt: '2026-07-28T10:00:01Z', result: done('notified') }),
          );
          await new Promise(() => {});
        })(),
    });
    const client = new McpClient(createInMemoryTransport(server), {
      autoListTools: false,
      tasks: followTasks(),
    });
    expect(await client.callTool('t')).toEqual(done('notified'));
  });

  it('followTasks checks its intervals, and the tasks option takes only what it returns', () => {
    expect(() => followTasks({ pollIntervalMs: -1 })).toThrow(RangeError);
    expect(() => followTasks({ checkIntervalMs: 0 })).toThrow(RangeError);
    const transport = createInMemoryTransport(mockServer({}));
    expect(() => new McpClient(transport, { tasks: {} as never })).toThrow(/followTasks\(\)/);
  });
});
