import { createInMemoryTransport, McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { MemoryCacheStore } from '../src/cache-store.js';
import { type CacheStore, McpClient, RequestAbortedError } from '../src/index.js';
import { read, setup, uriOf } from './helpers/client-cache.js';
import { clock, deferred, meta, mockServer, tick, VERSION } from './helpers/mock-server.js';

describe('the client cache (C-30..C-37)', () => {
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
