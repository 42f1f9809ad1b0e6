import { getEventListeners } from 'node:events';
import { McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  type ClientWarning,
  type ListenNotification,
  McpClient,
  UnsupportedByServerError,
} from '../src/index.js';
import { ack, allCaps, closeResult, filterOf, setup, until } from './helpers/listen.js';
import {
  deferred,
  meta,
  mockServer,
  recordingTransport,
  tagged,
  tick,
  VERSION,
} from './helpers/mock-server.js';

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
});
