import { type ClientTransport, createInMemoryTransport, McpError, TransportError } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import {
  McpClient,
  NoCommonVersionError,
  RequestAbortedError,
  RequestTimeoutError,
  SubscriptionClosedError,
} from '../src/index.js';
import { ack, allCaps, closeResult, controllable, setup, until } from './helpers/listen.js';
import { meta, mockServer, recordingTransport, tagged, tick, VERSION } from './helpers/mock-server.js';

describe('subscriptions/listen (client side)', () => {
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
