import { getEventListeners } from 'node:events';
import type { ExchangeMessage } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { type EventBus, McpServer, type ServerEvent } from '../src/index.js';
import { call, meta, request } from './helpers.js';

const SUB = 'io.modelcontextprotocol/subscriptionId';

function newServer(options: ConstructorParameters<typeof McpServer>[1] = {}) {
  const server = new McpServer(
    { name: 'listen-test', version: '1' },
    { capabilities: { resources: { listChanged: true, subscribe: true }, logging: {} }, ...options },
  );
  server.tool('test_trigger_tool_change', {}, () => {
    server.tool(`dynamic_${Math.random().toString(36).slice(2)}`, {}, () => ({ content: [] }));
    return { content: [{ type: 'text', text: 'added a tool' }] };
  });
  server.tool('chatty', {}, (_, ctx) => {
    ctx.progress(1);
    ctx.log.error('log line');
    return { content: [] };
  });
  server.resource('file:///project/config.json', { name: 'config' }, (uri) => ({
    contents: [{ uri, text: '{}' }],
  }));
  return server;
}

/** Opens a listen stream and reads it item by item. */
function open(server: McpServer, notifications: Record<string, unknown>, id: string | number = 'listen-1') {
  const controller = new AbortController();
  const exchange = server.handle(
    JSON.parse(JSON.stringify(request('subscriptions/listen', { notifications }, id))),
    {
      transport: 'memory',
      signal: controller.signal,
    },
  );
  const iterator = exchange[Symbol.asyncIterator]();
  const items: ExchangeMessage[] = [];
  const next = async () => {
    const item = await iterator.next();
    if (!item.done)
      items.push(JSON.parse(JSON.stringify('response' in item.value ? item.value.response : item.value)));
    return item.done ? undefined : (items.at(-1) as Record<string, unknown>);
  };
  return { next, items, cancel: () => controller.abort(), iterator, signal: controller.signal };
}

/** Lets the server deliver what it has queued. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subscriptions/listen (S-46..S-52)', () => {
  it('S-47, S-48, S-49: the first message is the acknowledgement of the honoured subset, tagged', async () => {
    const stream = open(newServer(), {
      toolsListChanged: true,
      promptsListChanged: true,
      resourceSubscriptions: ['file:///project/config.json'],
    });
    expect(await stream.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        _meta: { [SUB]: 'listen-1' },
        notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///project/config.json'] },
      },
    });
  });

  it('S-22, S-49: a tool registered at run time notifies toolsListChanged streams, tagged with the id', async () => {
    const server = newServer();
    const stream = open(server, { toolsListChanged: true }, 99);
    await stream.next();
    const pending = stream.next();
    expect((await call(server, 'tools/call', { name: 'test_trigger_tool_change' })).result).toBeDefined();
    expect(await pending).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { [SUB]: 99 } },
    });
  });

  it('S-46: a stream never receives types it did not ask for', async () => {
    const server = newServer();
    server.prompt('p', {}, () => ({ messages: [] }));
    const narrow = open(server, { promptsListChanged: true });
    await narrow.next();
    const pending = narrow.next();
    await call(server, 'tools/call', { name: 'test_trigger_tool_change' });
    await server.notifyResourceUpdated('file:///project/config.json');
    server.prompt('q', {}, () => ({ messages: [] }));
    expect(await pending).toMatchObject({ method: 'notifications/prompts/list_changed' });
  });

  it('S-34: resource updates reach streams subscribed to that URI', async () => {
    const server = newServer();
    const stream = open(server, { resourceSubscriptions: ['file:///project/config.json'] });
    await stream.next();
    const pending = stream.next();
    await server.notifyResourceUpdated('file:///other');
    await server.notifyResourceUpdated('file:///project/config.json');
    expect(await pending).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { _meta: { [SUB]: 'listen-1' }, uri: 'file:///project/config.json' },
    });
  });

  it('S-50: closing the server ends every stream with a final result carrying the subscription id', async () => {
    const server = newServer();
    const a = open(server, { toolsListChanged: true }, 'a');
    const b = open(server, {}, 2);
    await a.next();
    await b.next();
    await server.close();
    expect(await a.next()).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: {
        resultType: 'complete',
        _meta: { [SUB]: 'a', 'io.modelcontextprotocol/serverInfo': { name: 'listen-test', version: '1' } },
      },
    });
    expect(await a.next()).toBeUndefined();
    expect((await b.next())?.result).toMatchObject({ _meta: { [SUB]: 2 } });
  });

  it('S-50: a listen after close is acknowledged and closed at once', async () => {
    const server = newServer();
    await server.close();
    const outcome = await call(server, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
    expect(outcome.messages.map((m) => ('method' in m ? m.method : 'response'))).toEqual([
      'notifications/subscriptions/acknowledged',
      'response',
    ]);
  });

  it('S-51: a cancelled stream is forgotten; nothing more is sent on it', async () => {
    const server = newServer();
    const stream = open(server, { toolsListChanged: true });
    await stream.next();
    const pending = stream.next();
    stream.cancel();
    expect(await pending).toBeUndefined();
    await call(server, 'tools/call', { name: 'test_trigger_tool_change' });
    await settle();
    expect(stream.items).toHaveLength(1);
  });

  it('S-51, S-63: a stream its consumer stops reading is forgotten at once, without an abort', async () => {
    const server = newServer();
    const streams = [
      open(server, { toolsListChanged: true }, 1),
      open(server, { toolsListChanged: true }, 2),
    ];
    for (const stream of streams) await stream.next();
    expect(streams.map((stream) => getEventListeners(stream.signal, 'abort').length)).toEqual([1, 1]);
    await streams[0]!.iterator.return!();
    expect(getEventListeners(streams[0]!.signal, 'abort')).toHaveLength(0);
    expect(getEventListeners(streams[1]!.signal, 'abort')).toHaveLength(1);
    expect(await streams[0]!.next()).toBeUndefined();
  });

  it('S-52: progress and log messages of other requests never reach a listen stream', async () => {
    const server = newServer();
    const stream = open(server, { toolsListChanged: true });
    await stream.next();
    const outcome = await call(server, 'tools/call', {
      name: 'chatty',
      _meta: meta({ progressToken: 'p', 'io.modelcontextprotocol/logLevel': 'debug' }),
    });
    expect(outcome.notifications.map((n) => n.method)).toEqual([
      'notifications/progress',
      'notifications/message',
    ]);
    for (const n of outcome.notifications) expect(n.params?._meta).toBeUndefined();
    await settle();
    expect(stream.items).toHaveLength(1);
  });

  it('S-49: several streams each get their own tag', async () => {
    const server = newServer();
    const a = open(server, { toolsListChanged: true }, 'a');
    const b = open(server, { toolsListChanged: true }, 'b');
    await a.next();
    await b.next();
    const [na, nb] = [a.next(), b.next()];
    await call(server, 'tools/call', { name: 'test_trigger_tool_change' });
    expect((await na)?.params).toEqual({ _meta: { [SUB]: 'a' } });
    expect((await nb)?.params).toEqual({ _meta: { [SUB]: 'b' } });
  });

  it('works over an asynchronous bus shared by two server instances', async () => {
    const listeners = new Set<(event: ServerEvent) => void>();
    const sharedBus: EventBus = {
      async publish(event) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        for (const listener of listeners) listener(JSON.parse(JSON.stringify(event)));
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const instanceA = newServer({ eventBus: sharedBus });
    const instanceB = newServer({ eventBus: sharedBus });
    const stream = open(instanceA, { resourceSubscriptions: ['file:///project'] });
    await stream.next();
    const pending = stream.next();
    await instanceB.notifyResourceUpdated('file:///project/config.json');
    expect(await pending).toMatchObject({ params: { uri: 'file:///project/config.json' } });
    await instanceA.close();
    expect(listeners.size).toBe(0);
  });

  it('a bus whose publish throws at once: registrations still complete, the error goes to onError', async () => {
    const errors: unknown[] = [];
    const brokenBus: EventBus = {
      publish() {
        throw new Error('bus down');
      },
      subscribe: () => () => {},
    };
    const server = new McpServer(
      { name: 'broken-bus', version: '1' },
      { eventBus: brokenBus, onError: (e) => errors.push(e) },
    );
    const handle = server.tool('x', {}, () => ({ content: [] }));
    expect(() => server.tool('x', {}, () => ({ content: [] }))).toThrow(/x/);
    handle.update({ description: 'changed' });
    const listed = (await call(server, 'tools/list')).result?.tools as Array<{ description?: string }>;
    expect(listed).toEqual([expect.objectContaining({ name: 'x', description: 'changed' })]);
    expect(server.capabilities.tools).toEqual({ listChanged: true });
    await expect(server.notifyResourceUpdated('file:///a')).rejects.toThrow('bus down');
    await settle();
    expect(errors.map(String)).toEqual(['Error: bus down', 'Error: bus down']);
  });
});

describe('listen queue bound', () => {
  it('a listen whose reader stops is dropped with a clear close once maxListenBacklog notifications wait', async () => {
    const server = newServer({ maxListenBacklog: 100, onError: () => {} });
    const stream = open(server, { resourceSubscriptions: ['file:///project/config.json'] });
    await stream.next();
    for (let i = 0; i < 1_000; i++) await server.notifyResourceUpdated('file:///project/config.json');
    await settle();
    const final = (await stream.next()) as { error?: { code: number; message: string } };
    expect(final.error?.code).toBe(-32603);
    expect(final.error?.message).toMatch(/fell 100 notifications behind/);
    expect(await stream.next()).toBeUndefined();
  });

  it('a reader that keeps up is never dropped, and the default bound is 10,000', async () => {
    const server = newServer();
    const stream = open(server, { resourceSubscriptions: ['file:///project/config.json'] });
    await stream.next();
    for (let i = 0; i < 10_000; i++) await server.notifyResourceUpdated('file:///project/config.json');
    await settle();
    for (let i = 0; i < 10_000; i++)
      expect((await stream.next())?.method).toBe('notifications/resources/updated');
    await server.notifyResourceUpdated('file:///project/config.json');
    await settle();
    expect((await stream.next())?.method).toBe('notifications/resources/updated');
    expect(() => newServer({ maxListenBacklog: 0 })).toThrow(RangeError);
  });
});
