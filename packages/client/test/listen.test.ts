import { getEventListeners } from 'node:events';
import {
  type ClientTransport,
  createInMemoryTransport,
  type ExchangeMessage,
  type JSONRPCRequest,
  McpError,
  type ServerCapabilities,
  TransportError,
} from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import {
  type ClientWarning,
  type ListenNotification,
  McpClient,
  NoCommonVersionError,
  RequestAbortedError,
  RequestTimeoutError,
  SubscriptionClosedError,
  UnsupportedByServerError,
} from '../src/index.js';
import { deferred, mockServer, recordingTransport, tagged, tick, VERSION } from './helpers/mock-server.js';

const allCaps: ServerCapabilities = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { listChanged: true, subscribe: true },
};
const filterOf = (request: JSONRPCRequest) =>
  (request.params as { notifications: Record<string, unknown> }).notifications;

/** A listen stream the test drives: `push` a message, `end()` it. */
function controllable() {
  const streams: Array<{
    request: JSONRPCRequest;
    aborted: () => boolean;
    push: (m: ExchangeMessage) => void;
    end: () => void;
    fail: (e: Error) => void;
  }> = [];
  const handler = (request: JSONRPCRequest, context: { signal: AbortSignal }) => {
    const queue: ExchangeMessage[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    let failure: Error | undefined;
    const stream = {
      request,
      aborted: () => context.signal.aborted,
      push(message: ExchangeMessage) {
        queue.push(message);
        wake?.();
      },
      end() {
        ended = true;
        wake?.();
      },
      fail(error: Error) {
        failure = error;
        wake?.();
      },
    };
    streams.push(stream);
    return (async function* () {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (failure) throw failure;
        if (ended || context.signal.aborted) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
          context.signal.addEventListener('abort', () => resolve(), { once: true });
        });
      }
    })();
  };
  return { streams, handler };
}

const ack = (request: JSONRPCRequest, notifications = filterOf(request)) =>
  tagged('notifications/subscriptions/acknowledged', request.id, { notifications });

async function until(condition: () => boolean) {
  for (let i = 0; i < 1000 && !condition(); i++) await tick();
  if (!condition()) throw new Error('condition not reached');
}

function setup(caps = allCaps, onWarning: (w: ClientWarning) => void = () => {}) {
  const listen = controllable();
  const server = mockServer({ 'subscriptions/listen': listen.handler }, caps);
  const transport = recordingTransport(server);
  const client = new McpClient(transport, { onWarning, reopenDelayMs: () => 0 });
  return { listen, server, client, transport };
}

describe('subscriptions/listen (client side)', () => {
  it('C-39, C-40: sends the filter, exposes the acknowledged filter and yields typed notifications', async () => {
    const { listen, client } = setup();
    const subscription = client.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///a'] });
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    expect(meta(stream.request)).toMatchObject({ 'io.modelcontextprotocol/protocolVersion': VERSION });
    expect(filterOf(stream.request)).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    stream.push(ack(stream.request));
    expect(await subscription.acknowledged).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    expect(subscription.id).toBe(stream.request.id);
    expect(subscription.unacknowledged).toEqual({});
    stream.push(tagged('notifications/resources/updated', stream.request.id, { uri: 'file:///a/child' }));
    stream.push(tagged('notifications/tools/list_changed', stream.request.id));
    const first = await subscription.next();
    expect(first.value).toMatchObject({
      method: 'notifications/resources/updated',
      params: { uri: 'file:///a/child' },
    });
    expect((await subscription.next()).value?.method).toBe('notifications/tools/list_changed');
    subscription.close();
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
  });

  it('C-40: a partial acknowledgement is exposed and reported as a warning', async () => {
    const warnings: ClientWarning[] = [];
    const { listen, client } = setup(allCaps, (w) => warnings.push(w));
    const subscription = client.listen({ toolsListChanged: true, promptsListChanged: true });
    await until(() => listen.streams.length === 1);
    listen.streams[0]!.push(ack(listen.streams[0]!.request, { toolsListChanged: true }));
    await subscription.acknowledged;
    expect(subscription.unacknowledged).toEqual({ promptsListChanged: true });
    expect(warnings).toEqual([{ kind: 'subscription-degraded', missing: { promptsListChanged: true } }]);
    subscription.close();
  });

  it('C-12: types the server does not advertise are left out of the request', async () => {
    const { listen, client } = setup({ tools: { listChanged: true }, prompts: {}, resources: {} });
    const subscription = client.listen({
      toolsListChanged: true,
      promptsListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    await until(() => listen.streams.length === 1);
    expect(filterOf(listen.streams[0]!.request)).toEqual({ toolsListChanged: true });
    listen.streams[0]!.push(ack(listen.streams[0]!.request));
    await subscription.acknowledged;
    expect(subscription.unacknowledged).toEqual({
      promptsListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    subscription.close();
  });

  it('C-12: a filter the server cannot honour at all opens no stream', async () => {
    const { server, client } = setup({ tools: {} });
    const subscription = client.listen({ promptsListChanged: true });
    await expect(subscription.acknowledged).rejects.toBeInstanceOf(UnsupportedByServerError);
    await expect(subscription.next()).rejects.toBeInstanceOf(UnsupportedByServerError);
    expect(server.calls('subscriptions/listen')).toHaveLength(0);
  });

  it('C-41: notifications tagged with another (or no) subscription id are not delivered', async () => {
    const { listen, client } = setup();
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    const id = stream.request.id;
    stream.push(
      tagged('notifications/subscriptions/acknowledged', 'other', {
        notifications: { toolsListChanged: true },
      }),
    );
    stream.push(ack(stream.request));
    stream.push(tagged('notifications/tools/list_changed', `${id}-not`));
    stream.push({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    stream.push(tagged('notifications/resources/updated', id, {}));
    stream.push(tagged('notifications/unknown/thing', id));
    stream.push(tagged('notifications/prompts/list_changed', id));
    await subscription.acknowledged;
    const { value } = await subscription.next();
    expect(value).toMatchObject({ method: 'notifications/prompts/list_changed' });
    subscription.close();
  });

  it('C-42, S-50: a listen result ends the iteration normally (graceful close)', async () => {
    const { listen, client } = setup();
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    stream.push(ack(stream.request));
    stream.push(tagged('notifications/tools/list_changed', stream.request.id));
    stream.push({
      jsonrpc: '2.0',
      id: stream.request.id,
      result: closeResult(stream.request.id),
    });
    const seen: ListenNotification[] = [];
    for await (const notification of subscription) seen.push(notification);
    expect(seen.map((n) => n.method)).toEqual(['notifications/tools/list_changed']);
    expect(subscription.ended).toBe(true);
    expect(listen.streams).toHaveLength(1);
  });

  it('C-42, C-51: aborting the signal ends the iteration and closes the stream (cancellation)', async () => {
    const { listen, client } = setup();
    const controller = new AbortController();
    const subscription = client.listen({ toolsListChanged: true }, { signal: controller.signal });
    await until(() => listen.streams.length === 1);
    listen.streams[0]!.push(ack(listen.streams[0]!.request));
    await subscription.acknowledged;
    const pending = subscription.next();
    controller.abort();
    expect(await pending).toEqual({ value: undefined, done: true });
    await until(() => (listen.streams[0] as unknown as { aborted: () => boolean }).aborted());
  });

  it("C-51: a subscription that ended, however it ended, leaves no listener on the caller's signal", async () => {
    const { listen, client } = setup();
    const app = new AbortController();
    for (let i = 0; i < 3; i++) {
      const subscription = client.listen({ toolsListChanged: true }, { signal: app.signal });
      await until(() => listen.streams.length === i + 1);
      const stream = listen.streams[i]!;
      stream.push(ack(stream.request));
      stream.push({ jsonrpc: '2.0', id: stream.request.id, result: closeResult(stream.request.id) });
      for await (const _ of subscription);
    }
    const closed = client.listen({ toolsListChanged: true }, { signal: app.signal });
    closed.close();
    expect(closed.ended).toBe(true);
    expect(getEventListeners(app.signal, 'abort')).toHaveLength(0);
  });

  it('C-51: a listen aborted while the discover probe is pending never opens a stream', async () => {
    const probe = deferred();
    const server = mockServer({}, allCaps);
    const discover = server.handlers['server/discover']!;
    server.handlers['server/discover'] = async (request, context) => {
      await probe.promise;
      return discover(request, context);
    };
    const client = new McpClient(recordingTransport(server));
    const app = new AbortController();
    const subscription = client.listen({ toolsListChanged: true }, { signal: app.signal });
    await tick();
    app.abort();
    probe.resolve();
    await client.connect();
    await tick();
    expect(subscription.ended).toBe(true);
    expect(server.calls('subscriptions/listen')).toHaveLength(0);
  });

  it('a peer error ends the subscription with that error', async () => {
    const server = mockServer(
      { 'subscriptions/listen': () => McpError.invalidParams('bad filter') },
      allCaps,
    );
    const client = new McpClient(recordingTransport(server), { reopenDelayMs: () => 0 });
    const subscription = client.listen({ toolsListChanged: true });
    await expect(subscription.next()).rejects.toMatchObject({ code: -32602 });
    await expect(subscription.acknowledged).rejects.toMatchObject({ code: -32602 });
  });

  it('C-10: a listen refused with -32022 is re-opened with a version from data.supported', async () => {
    const listen = controllable();
    const server = mockServer(
      {
        'subscriptions/listen': (request, context) =>
          meta(request)['io.modelcontextprotocol/protocolVersion'] === '2099-01-01'
            ? listen.handler(request, context)
            : McpError.unsupportedProtocolVersion(VERSION, ['2099-01-01']),
      },
      allCaps,
    );
    const client = new McpClient(recordingTransport(server), {
      protocolVersion: VERSION,
      protocolVersions: [VERSION, '2099-01-01'],
      reopenDelayMs: () => 0,
    });
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    const [refused, reopened] = server.calls('subscriptions/listen');
    expect(meta(refused!)['io.modelcontextprotocol/protocolVersion']).toBe(VERSION);
    expect(reopened!.id).not.toBe(refused!.id);
    expect(client.protocolVersion).toBe('2099-01-01');
    subscription.close();
  });

  it('C-10: a listen refused with -32022 and no version in common ends with NoCommonVersionError', async () => {
    const server = mockServer(
      { 'subscriptions/listen': () => McpError.unsupportedProtocolVersion(VERSION, ['2025-11-25']) },
      allCaps,
    );
    const client = new McpClient(recordingTransport(server), { reopenDelayMs: () => 0 });
    const subscription = client.listen({ toolsListChanged: true });
    const error = await subscription.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoCommonVersionError);
    expect((error as NoCommonVersionError).theirs).toEqual(['2025-11-25']);
    expect(server.calls('subscriptions/listen')).toHaveLength(1);
  });

  it('C-42: a stream that breaks without a response is re-opened as a new request', async () => {
    const { listen, client } = setup();
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    listen.streams[0]!.push(ack(listen.streams[0]!.request));
    await subscription.acknowledged;
    listen.streams[0]!.end();
    await until(() => listen.streams.length === 2);
    const reopened = listen.streams[1]!;
    expect(reopened.request.id).not.toBe(listen.streams[0]!.request.id);
    reopened.push(ack(reopened.request));
    reopened.push(tagged('notifications/tools/list_changed', reopened.request.id));
    expect((await subscription.next()).value?.method).toBe('notifications/tools/list_changed');
    expect(subscription.id).toBe(reopened.request.id);
    subscription.close();
  });

  it('gives up after maxReopenAttempts breaks in a row without an acknowledgement', async () => {
    const listen = controllable();
    const server = mockServer({ 'subscriptions/listen': listen.handler }, allCaps);
    const client = new McpClient(createInMemoryTransport(server), {
      reopenDelayMs: () => 0,
      maxReopenAttempts: 2,
    });
    const subscription = client.listen({ toolsListChanged: true });
    for (let n = 1; n <= 3; n++) {
      await until(() => listen.streams.length === n);
      listen.streams[n - 1]!.end();
    }
    await expect(subscription.next()).rejects.toBeInstanceOf(TransportError);
    expect(listen.streams).toHaveLength(3);
  });

  it('C-43: after a transport restart, listens are re-opened with new ids and keep delivering', async () => {
    const { listen, client, transport } = setup();
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    listen.streams[0]!.push(ack(listen.streams[0]!.request));
    await subscription.acknowledged;
    transport.restart();
    await until(() => listen.streams.length === 2);
    const reopened = listen.streams[1]!;
    expect(reopened.request.id).not.toBe(listen.streams[0]!.request.id);
    reopened.push(ack(reopened.request));
    reopened.push(tagged('notifications/tools/list_changed', reopened.request.id));
    expect((await subscription.next()).value?.method).toBe('notifications/tools/list_changed');
    subscription.close();
  });

  it('C-43: a stream failed by the restart and the restart event re-open it once, whatever their order', async () => {
    for (const order of ['error-first', 'event-first'] as const) {
      const { listen, client, transport } = setup();
      const subscription = client.listen({ toolsListChanged: true });
      await until(() => listen.streams.length === 1);
      listen.streams[0]!.push(ack(listen.streams[0]!.request));
      await subscription.acknowledged;
      if (order === 'error-first') {
        listen.streams[0]!.fail(new TransportError('restarted', 'child respawned'));
        await until(() => listen.streams.length === 2);
        transport.restart();
      } else {
        transport.restart();
        listen.streams[0]!.fail(new TransportError('restarted', 'child respawned'));
        await until(() => listen.streams.length === 2);
      }
      for (let i = 0; i < 20; i++) await tick();
      expect(listen.streams.length).toBe(2);
      subscription.close();
    }
  });

  // Fake timers: on a loaded machine, 50 real milliseconds may pass before the stream even opens.
  it('C-40: no acknowledgement within timeoutMs ends the subscription with RequestTimeoutError', async () => {
    vi.useFakeTimers();
    try {
      const { listen, client } = setup();
      const subscription = client.listen({ toolsListChanged: true }, { timeoutMs: 50 });
      await vi.advanceTimersByTimeAsync(49);
      expect(listen.streams).toHaveLength(1);
      expect(subscription.ended).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(subscription.ended).toBe(true);
      const failure = await subscription.acknowledged.catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RequestTimeoutError);
      expect(failure).toMatchObject({ method: 'subscriptions/listen', timeoutMs: 50 });
      await expect(subscription.next()).rejects.toBe(failure);
      await vi.advanceTimersByTimeAsync(0);
      expect(listen.streams[0]!.aborted()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('C-40: an acknowledgement in time stops the clock; invalid timeoutMs is a RangeError', async () => {
    vi.useFakeTimers();
    try {
      const { listen, client } = setup();
      expect(() => client.listen({ toolsListChanged: true }, { timeoutMs: Number.NaN })).toThrow(RangeError);
      const subscription = client.listen({ toolsListChanged: true }, { timeoutMs: 50 });
      await vi.advanceTimersByTimeAsync(0);
      expect(listen.streams).toHaveLength(1);
      listen.streams[0]!.push(ack(listen.streams[0]!.request));
      await subscription.acknowledged;
      await vi.advanceTimersByTimeAsync(100);
      expect(subscription.ended).toBe(false);
      subscription.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('acknowledged rejects with a documented error when the subscription ends before the acknowledgement', async () => {
    const { listen, client } = setup();
    const closed = client.listen({ toolsListChanged: true });
    closed.close();
    expect(await closed.acknowledged.catch((e: unknown) => e)).toMatchObject({
      name: 'SubscriptionClosedError',
      closedBy: 'client',
    });
    expect(await closed.acknowledged.catch((e: unknown) => e)).toBeInstanceOf(SubscriptionClosedError);

    const controller = new AbortController();
    const aborted = client.listen({ toolsListChanged: true }, { signal: controller.signal });
    controller.abort('leaving');
    const abortFailure = await aborted.acknowledged.catch((e: unknown) => e);
    expect(abortFailure).toBeInstanceOf(RequestAbortedError);
    expect(abortFailure).toMatchObject({ method: 'subscriptions/listen', cause: 'leaving' });

    const byServer = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    stream.push({ jsonrpc: '2.0', id: stream.request.id, result: closeResult(stream.request.id) });
    expect(await byServer.acknowledged.catch((e: unknown) => e)).toMatchObject({
      name: 'SubscriptionClosedError',
      closedBy: 'server',
    });
  });

  it('holds notifications for a slow reader, merging duplicates', async () => {
    const { listen, client } = setup();
    const subscription = client.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///a'] });
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    stream.push(ack(stream.request));
    for (let i = 0; i < 5; i++) stream.push(tagged('notifications/tools/list_changed', stream.request.id));
    stream.push(tagged('notifications/resources/updated', stream.request.id, { uri: 'file:///a' }));
    stream.push(tagged('notifications/resources/updated', stream.request.id, { uri: 'file:///a' }));
    stream.push({
      jsonrpc: '2.0',
      id: stream.request.id,
      result: closeResult(stream.request.id),
    });
    await until(() => subscription.ended);
    const seen: string[] = [];
    for await (const n of subscription) seen.push(n.method);
    expect(seen).toEqual(['notifications/tools/list_changed', 'notifications/resources/updated']);
  });

  it('close() on the client ends every subscription', async () => {
    const { listen, client } = setup();
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    await client.close();
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
    expect(() => client.listen({ toolsListChanged: true })).toThrow(TransportError);
  });

  it('a transport that cannot reconnect still gets listens without onRestart support', async () => {
    const listen = controllable();
    const server = mockServer({ 'subscriptions/listen': listen.handler }, allCaps);
    const inner = createInMemoryTransport(server);
    const transport: ClientTransport = { exchange: inner.exchange, close: inner.close };
    const client = new McpClient(transport, { reopenDelayMs: () => 0 });
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    listen.streams[0]!.push(ack(listen.streams[0]!.request));
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    subscription.close();
  });
});

function closeResult(id: unknown) {
  return { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': id } } as never;
}

function meta(request: JSONRPCRequest) {
  return (request.params as { _meta: Record<string, unknown> })._meta;
}
