import { createInMemoryTransport, type JSONRPCRequest, McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { cachePrefix, isFresh, MemoryCacheStore, primaryKey, ResponseCache } from '../src/cache.js';
import { type CacheStore, McpClient, type McpClientOptions, RequestAbortedError } from '../src/index.js';
import {
  clock,
  deferred,
  meta,
  mockServer,
  recordingTransport,
  tagged,
  tick,
  VERSION,
} from './helpers/mock-server.js';

describe('freshness (C-32)', () => {
  it('fresh while now < t_received + ttlMs; ttlMs 0 is immediately stale', () => {
    expect(isFresh({ receivedAt: 100, ttlMs: 50 }, 149)).toBe(true);
    expect(isFresh({ receivedAt: 100, ttlMs: 50 }, 150)).toBe(false);
    expect(isFresh({ receivedAt: 100, ttlMs: 0 }, 100)).toBe(false);
  });

  it('P-67, C-30: an empty cursor and no cursor are different keys', () => {
    expect(primaryKey(undefined)).not.toBe(primaryKey(''));
    expect(cachePrefix('resources/read', primaryKey('file:///a'))).not.toBe(
      cachePrefix('resources/read', primaryKey('file:///ab')),
    );
    expect(
      cachePrefix('resources/read', primaryKey('file:///ab')).startsWith(
        cachePrefix('resources/read', primaryKey('file:///a')),
      ),
    ).toBe(false);
  });
});

describe('MemoryCacheStore', () => {
  it('holds at most maxEntries, dropping the oldest, and drops stale entries when read', async () => {
    const time = clock();
    const store = new MemoryCacheStore({ maxEntries: 2, now: time.now });
    const entry = (ttlMs: number) => ({
      result: {},
      receivedAt: time.now(),
      ttlMs,
      cacheScope: 'public' as const,
    });
    await store.set('a', entry(100));
    await store.set('b', entry(100));
    await store.set('c', entry(100));
    expect(await store.get('a')).toBeUndefined();
    expect(store.size).toBe(2);
    time.advance(100);
    expect(await store.get('b')).toBeUndefined();
    await store.set('x\n1', entry(100));
    await store.set('x\n2', entry(100));
    await store.deleteByPrefix('x\n');
    expect(store.size).toBe(0);
  });
});

describe('ResponseCache', () => {
  const result = (ttlMs: number, cacheScope = 'private') => ({
    resultType: 'complete',
    ttlMs,
    cacheScope,
    tools: [],
  });

  it('C-35: private results stay in their partition; public ones are shared', async () => {
    const time = clock();
    const store = new MemoryCacheStore({ now: time.now });
    let partition = 'alice';
    const cache = new ResponseCache(
      store,
      () => partition,
      time.now,
      (e) => {
        throw e;
      },
    );
    await cache.store('tools/list', '-', 'v', result(1000, 'private'), cache.epoch);
    await cache.store('resources/read', '"u"', 'v', result(1000, 'public'), cache.epoch);
    expect(await cache.lookup('tools/list', '-', 'v')).toBeDefined();
    partition = 'bob';
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
    expect(await cache.lookup('resources/read', '"u"', 'v')).toBeDefined();
  });

  it('never stores a result fetched while an invalidation happened, nor one that is stale already', async () => {
    const time = clock();
    const cache = new ResponseCache(new MemoryCacheStore({ now: time.now }), '', time.now, () => {});
    const epoch = cache.epoch;
    await cache.invalidate(cachePrefix('tools/list'));
    await cache.store('tools/list', '-', 'v', result(1000), epoch);
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
    await cache.store('tools/list', '-', 'v', result(0), cache.epoch);
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
  });

  it('a failing store is reported and treated as a miss', async () => {
    const errors: unknown[] = [];
    const broken: CacheStore = {
      get: async () => {
        throw new Error('down');
      },
      set: async () => {
        throw new Error('down');
      },
      deleteByPrefix: async () => {
        throw new Error('down');
      },
    };
    const cache = new ResponseCache(broken, '', Date.now, (e) => errors.push(e));
    expect(await cache.lookup('tools/list', '-', 'v')).toBeUndefined();
    await cache.store('tools/list', '-', 'v', result(10), cache.epoch);
    await cache.invalidate('x');
    expect(errors).toHaveLength(3);
  });
});

describe('the client cache (C-30..C-37)', () => {
  const caps = {
    tools: { listChanged: true },
    prompts: { listChanged: true },
    resources: { listChanged: true, subscribe: true },
  };
  function setup(handlers: Parameters<typeof mockServer>[0], options: McpClientOptions = {}) {
    const time = clock();
    const server = mockServer(handlers, caps);
    const transport = recordingTransport(server);
    const client = new McpClient(transport, {
      now: time.now,
      onWarning: () => {},
      reopenDelayMs: () => 0,
      ...options,
    });
    return { time, server, client, transport };
  }
  const uriOf = (request: JSONRPCRequest) => (request.params as { uri: string }).uri;
  const read =
    (ttlMs: number, cacheScope = 'private') =>
    (request: JSONRPCRequest) => ({
      resultType: 'complete',
      ttlMs,
      cacheScope,
      contents: [{ uri: uriOf(request), text: `${uriOf(request)}#${Math.random()}` }],
    });

  it('C-32: a fresh result is served from the cache until ttlMs has passed', async () => {
    const { time, server, client } = setup({ 'resources/read': read(1000) });
    const first = await client.readResource('file:///a');
    time.advance(999);
    expect(await client.readResource('file:///a')).toBe(first);
    time.advance(1);
    expect(await client.readResource('file:///a')).not.toBe(first);
    expect(server.calls('resources/read')).toHaveLength(2);
  });

  it('C-32: ttlMs 0 (and a legacy result without hints) is never served from the cache', async () => {
    const { server, client } = setup({
      'resources/read': (r) => ({ contents: [{ uri: uriOf(r), text: 'x' }] }),
    });
    await client.readResource('file:///a');
    await client.readResource('file:///a');
    expect(server.calls('resources/read')).toHaveLength(2);
  });

  it('C-30: the key is the method and its result-affecting params: another uri is another entry', async () => {
    const { server, client } = setup({ 'resources/read': read(1000) });
    const a = await client.readResource('file:///a');
    const b = await client.readResource('file:///b');
    expect(b).not.toBe(a);
    expect(b.contents[0]).toMatchObject({ uri: 'file:///b' });
    expect(server.calls('resources/read').map(uriOf)).toEqual(['file:///a', 'file:///b']);
  });

  it('C-35: private results are not shared across partitions; public ones are', async () => {
    let partition = 'token-1';
    const { server, client } = setup(
      { 'resources/read': (r) => read(1000, uriOf(r).endsWith('public') ? 'public' : 'private')(r) },
      { cache: { partition: () => partition } },
    );
    await client.readResource('file:///private');
    await client.readResource('file:///public');
    partition = 'token-2';
    await client.readResource('file:///private');
    await client.readResource('file:///public');
    expect(server.calls('resources/read').map(uriOf)).toEqual([
      'file:///private',
      'file:///public',
      'file:///private',
    ]);
  });

  it('C-35: a private result is filed under the partition it was requested in, not the one current when it arrives', async () => {
    let partition = 'alice';
    const received = deferred();
    const answer = deferred();
    const { server, client } = setup(
      {
        'resources/read': async (request) => {
          const sentAs = partition;
          received.resolve();
          await answer.promise;
          return { ...read(60_000)(request), contents: [{ uri: uriOf(request), text: `mail of ${sentAs}` }] };
        },
      },
      { cache: { partition: () => partition } },
    );
    const alice = client.readResource('mail://inbox');
    await received.promise;
    partition = 'bob';
    answer.resolve();
    expect((await alice).contents[0]).toMatchObject({ text: 'mail of alice' });
    expect((await client.readResource('mail://inbox')).contents[0]).toMatchObject({ text: 'mail of bob' });
    partition = 'alice';
    expect((await client.readResource('mail://inbox')).contents[0]).toMatchObject({ text: 'mail of alice' });
    expect(server.calls('resources/read')).toHaveLength(2);
  });

  it('C-30: a result is keyed by the version its request carried, even if the client switched version meanwhile', async () => {
    const NEXT = '2099-01-01';
    let refuse: string | undefined;
    const received = deferred();
    const answer = deferred();
    const { server, client } = setup(
      {
        'resources/read': async (request) => {
          const version = String(meta(request)['io.modelcontextprotocol/protocolVersion']);
          if (uriOf(request) === 'file:///slow') {
            received.resolve();
            await answer.promise;
          } else if (version === refuse) {
            return McpError.unsupportedProtocolVersion(version, [NEXT]);
          }
          return { ...read(60_000, 'public')(request), contents: [{ uri: uriOf(request), text: version }] };
        },
      },
      { protocolVersion: VERSION, protocolVersions: [VERSION, NEXT] },
    );
    const slow = client.readResource('file:///slow');
    await received.promise;
    refuse = VERSION;
    expect((await client.readResource('file:///other')).contents[0]).toMatchObject({ text: NEXT });
    answer.resolve();
    expect((await slow).contents[0]).toMatchObject({ text: VERSION });
    expect((await client.readResource('file:///slow')).contents[0]).toMatchObject({ text: NEXT });
    expect((await client.readResource('file:///other')).contents[0]).toMatchObject({ text: NEXT });
    expect(server.calls('resources/read').map(uriOf)).toEqual([
      'file:///slow',
      'file:///other',
      'file:///other',
      'file:///slow',
    ]);
  });

  it('C-31: a read that needed input (an input-round retry) is never cached, nor is input_required', async () => {
    const { server, client } = setup(
      {
        'resources/read': (request) =>
          (request.params as { inputResponses?: unknown }).inputResponses
            ? read(60_000)(request)
            : { resultType: 'input_required', inputRequests: { r: { method: 'roots/list' } } },
      },
      { handlers: { roots: () => [] } },
    );
    await client.readResource('file:///a');
    await client.readResource('file:///a');
    expect(server.calls('resources/read')).toHaveLength(4);
  });

  it('C-31: a manual continuation neither reads nor writes the cache', async () => {
    const { server, client } = setup({ 'resources/read': read(60_000) });
    await client.readResource('file:///a');
    await client.readResource('file:///a', { inputRequired: 'manual', requestState: 's' });
    expect(server.calls('resources/read')).toHaveLength(2);
    await client.readResource('file:///a');
    expect(server.calls('resources/read')).toHaveLength(2);
  });

  it('cache modes: refresh fetches and stores, bypass neither reads nor writes', async () => {
    const { server, client } = setup({ 'resources/read': read(60_000) });
    const first = await client.readResource('file:///a');
    const refreshed = await client.readResource('file:///a', { cache: 'refresh' });
    expect(refreshed).not.toBe(first);
    expect(await client.readResource('file:///a')).toBe(refreshed);
    const bypassed = await client.readResource('file:///a', { cache: 'bypass' });
    expect(bypassed).not.toBe(refreshed);
    expect(await client.readResource('file:///a')).toBe(refreshed);
    expect(server.calls('resources/read')).toHaveLength(3);
  });

  it('C-37: each page is cached on its own clock and re-fetched by its cursor', async () => {
    const { time, server, client } = setup({
      'tools/list': (request) => {
        const cursor = (request.params as { cursor?: string }).cursor;
        return cursor === undefined
          ? {
              resultType: 'complete',
              ttlMs: 10_000,
              cacheScope: 'public',
              tools: [{ name: 'a', inputSchema: { type: 'object' } }],
              nextCursor: 'p2',
            }
          : {
              resultType: 'complete',
              ttlMs: 100,
              cacheScope: 'public',
              tools: [{ name: 'b', inputSchema: { type: 'object' } }],
            };
      },
    });
    const names = async () => {
      const out: string[] = [];
      for await (const t of client.iterateTools()) out.push(t.name);
      return out;
    };
    expect(await names()).toEqual(['a', 'b']);
    time.advance(100);
    expect(await names()).toEqual(['a', 'b']);
    expect(server.calls('tools/list').map((r) => (r.params as { cursor?: string }).cursor)).toEqual([
      undefined,
      'p2',
      'p2',
    ]);
  });

  it('C-37: a cursor the server refuses drops every cached page of that list', async () => {
    let valid = true;
    const { server, client } = setup({
      'tools/list': (request) => {
        const cursor = (request.params as { cursor?: string }).cursor;
        if (cursor === undefined)
          return { resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', tools: [], nextCursor: 'c' };
        return valid
          ? { resultType: 'complete', ttlMs: 0, cacheScope: 'public', tools: [] }
          : McpError.invalidParams('Invalid cursor');
      },
    });
    await client.listTools();
    await client.listTools({ cursor: 'c' });
    valid = false;
    await expect(client.listTools({ cursor: 'c' })).rejects.toMatchObject({ code: -32602 });
    await client.listTools();
    expect(server.calls('tools/list').map((r) => (r.params as { cursor?: string }).cursor)).toEqual([
      undefined,
      'c',
      'c',
      undefined,
    ]);
  });

  it('C-36: a matching change notification on a listen invalidates fresh entries at once', async () => {
    let subscriptionId: unknown;
    const sent: { notify?: (method: string, params?: Record<string, unknown>) => void } = {};
    const { server, client } = setup({
      'resources/read': read(60_000),
      'tools/list': () => ({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', tools: [] }),
      'prompts/list': () => ({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public', prompts: [] }),
      'resources/list': () => ({
        resultType: 'complete',
        ttlMs: 60_000,
        cacheScope: 'public',
        resources: [],
      }),
      'resources/templates/list': () => ({
        resultType: 'complete',
        ttlMs: 60_000,
        cacheScope: 'public',
        resourceTemplates: [],
      }),
      'subscriptions/listen': (request) => {
        subscriptionId = request.id;
        return (async function* () {
          const queue: Array<ReturnType<typeof tagged>> = [
            tagged('notifications/subscriptions/acknowledged', subscriptionId, {
              notifications: (request.params as { notifications: unknown }).notifications,
            }),
          ];
          let wake: (() => void) | undefined;
          sent.notify = (method, params) => {
            queue.push(tagged(method, subscriptionId, params));
            wake?.();
          };
          for (;;) {
            while (queue.length > 0) yield queue.shift()!;
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          }
        })();
      },
    });
    const fill = async () => {
      await client.readResource('file:///a');
      await client.readResource('file:///b');
      await client.listTools();
      await client.listPrompts();
      await client.listResources();
      await client.listResourceTemplates();
    };
    const subscription = client.listen({
      toolsListChanged: true,
      promptsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: ['file:///a'],
    });
    await subscription.acknowledged;
    await fill();
    await fill();
    const count = (method: string) => server.calls(method).length;
    expect([count('resources/read'), count('tools/list'), count('prompts/list')]).toEqual([2, 1, 1]);

    sent.notify!('notifications/resources/updated', { uri: 'file:///a' });
    await subscription.next();
    await fill();
    expect(server.calls('resources/read').map(uriOf)).toEqual(['file:///a', 'file:///b', 'file:///a']);

    sent.notify!('notifications/tools/list_changed');
    await subscription.next();
    sent.notify!('notifications/prompts/list_changed');
    await subscription.next();
    sent.notify!('notifications/resources/list_changed');
    await subscription.next();
    await fill();
    expect([
      count('tools/list'),
      count('prompts/list'),
      count('resources/list'),
      count('resources/templates/list'),
    ]).toEqual([2, 2, 2, 2]);
    subscription.close();
    await tick();
  });

  it('C-52: a call whose signal has aborted is refused, even when a fresh cached result would answer it', async () => {
    const list = () => ({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private', tools: [] });
    const { server, client } = setup({ 'resources/read': read(60_000), 'tools/list': list });
    await client.readResource('file:///a');
    await client.listTools();
    const aborted = AbortSignal.abort('gone');
    for (const call of [
      client.readResource('file:///a', { signal: aborted }),
      client.listTools({}, { signal: aborted }),
      client.iterateTools({ signal: aborted }).next(),
      client.discover({ signal: aborted }),
    ]) {
      const failure = await call.catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RequestAbortedError);
      expect((failure as Error).cause).toBe('gone');
    }
    expect(server.calls('server/discover')).toHaveLength(1);
  });

  it('C-52: a signal that aborts while the cache store looks the result up gets no result', async () => {
    const store = new MemoryCacheStore({ now: clock().now });
    let lookup = Promise.resolve();
    const slowStore: CacheStore = {
      get: async (key) => {
        await lookup;
        return store.get(key);
      },
      set: (key, entry) => store.set(key, entry),
      deleteByPrefix: (prefix) => store.deleteByPrefix(prefix),
    };
    const { server, client } = setup({ 'resources/read': read(60_000) }, { cache: { store: slowStore } });
    await client.readResource('file:///a');
    const held = deferred();
    lookup = held.promise;
    const controller = new AbortController();
    const call = client.readResource('file:///a', { signal: controller.signal }).catch((e: unknown) => e);
    await tick();
    controller.abort();
    held.resolve();
    expect(await call).toBeInstanceOf(RequestAbortedError);
    expect(server.calls('resources/read')).toHaveLength(1);
  });

  it('can be turned off', async () => {
    const { server, client } = setup({ 'resources/read': read(60_000) }, { cache: false });
    await client.readResource('file:///a');
    await client.readResource('file:///a');
    expect(server.calls('resources/read')).toHaveLength(2);
  });

  it('caches server/discover for clients sharing a store', async () => {
    const store = new MemoryCacheStore();
    const server = mockServer({
      'server/discover': () => ({
        resultType: 'complete',
        supportedVersions: ['2026-07-28'],
        capabilities: {},
        ttlMs: 60_000,
        cacheScope: 'public',
      }),
    });
    await new McpClient(createInMemoryTransport(server), { cache: { store } }).connect();
    const second = new McpClient(createInMemoryTransport(server), { cache: { store } });
    expect(await second.connect()).toMatchObject({ protocolVersion: '2026-07-28' });
    expect(server.calls('server/discover')).toHaveLength(1);
  });
});
