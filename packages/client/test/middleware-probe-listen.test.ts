import { createInMemoryTransport, McpError, TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { type ClientCall, LegacyServerError, McpClient } from '../src/index.js';
import { ack, closeResult, filterOf, setup, until } from './helpers/listen.js';
import { meta, mockServer, tagged } from './helpers/mock-server.js';

describe('client middleware sees the probe and listens, not only calls', () => {
  it('the server/discover probe passes the middleware: it may add _meta, and sees the DiscoverResult', async () => {
    const server = mockServer({ 'tools/list': () => ({ resultType: 'complete', tools: [] }) });
    const client = new McpClient(createInMemoryTransport(server));
    const results: unknown[] = [];
    client.use(async (call, next) => {
      const result = await next({
        ...call,
        options: { ...call.options, meta: { traceparent: '00-ab-cd-01' } },
      });
      if (call.method === 'server/discover') results.push(result);
      return result;
    });
    await client.listTools();
    expect(meta(server.calls('server/discover')[0]!).traceparent).toBe('00-ab-cd-01');
    expect(results).toEqual([expect.objectContaining({ supportedVersions: ['2026-07-28'] })]);
  });

  it('an error a middleware throws for the probe counts as the server’s answer to it', async () => {
    const server = mockServer({});
    const client = new McpClient(createInMemoryTransport(server), { era: 'modern' });
    client.use((call, next) =>
      call.method === 'server/discover' ? Promise.reject(McpError.methodNotFound(call.method)) : next(call),
    );
    await expect(client.connect()).rejects.toBeInstanceOf(LegacyServerError);
    expect(server.requests).toEqual([]);
  });

  it('C-39: each opening of a listen passes the middleware, which may change its filter and _meta; next settles when the stream ends', async () => {
    const { listen, client } = setup();
    const seen: ClientCall[] = [];
    let settled: unknown;
    client.use(async (call, next) => {
      if (call.method !== 'subscriptions/listen') return next(call);
      seen.push(call);
      const params = { notifications: { toolsListChanged: true } };
      settled = await next({
        ...call,
        params,
        options: { ...call.options, meta: { traceparent: '00-ef-01-01' } },
      });
      return settled as never;
    });
    const subscription = client.listen({ promptsListChanged: true });
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    expect(seen.map((call) => call.method)).toEqual(['subscriptions/listen']);
    expect(filterOf(stream.request)).toEqual({ toolsListChanged: true });
    expect(meta(stream.request).traceparent).toBe('00-ef-01-01');
    stream.push(ack(stream.request, { toolsListChanged: true }));
    await subscription.acknowledged;
    stream.push(tagged('notifications/tools/list_changed', stream.request.id));
    expect((await subscription.next()).value?.method).toBe('notifications/tools/list_changed');
    expect(settled).toBeUndefined();
    stream.push({ jsonrpc: '2.0', id: stream.request.id, result: closeResult(stream.request.id) });
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
    expect(settled).toMatchObject({ resultType: 'complete' });
  });

  it('C-42: closing a subscription rejects its next() with a TransportError, not a bare value', async () => {
    const { listen, client } = setup();
    let rejected: unknown;
    client.use(async (call, next) => {
      if (call.method !== 'subscriptions/listen') return next(call);
      try {
        return await next(call);
      } catch (error) {
        rejected = error;
        throw error;
      }
    });
    const subscription = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    listen.streams[0]!.push(ack(listen.streams[0]!.request));
    await subscription.acknowledged;
    subscription.close();
    await until(() => rejected !== undefined);
    expect(rejected).toBeInstanceOf(TransportError);
    expect(rejected).toMatchObject({ reason: 'closed' });
  });

  it('C-42: a listen a middleware refuses ends with its error, and nothing is sent', async () => {
    const { listen, client } = setup();
    client.use((call, next) =>
      call.method === 'subscriptions/listen' ? Promise.reject(new Error('no listens here')) : next(call),
    );
    const subscription = client.listen({ toolsListChanged: true });
    await expect(subscription.acknowledged).rejects.toThrow('no listens here');
    expect(listen.streams).toHaveLength(0);
  });
});
