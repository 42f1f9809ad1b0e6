import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientWarning } from '../src/index.js';
import { confirm, done, paramsOf, yes } from './helpers/input-rounds.js';
import { ack, allCaps, controllable, until } from './helpers/listen.js';
import { deferred, mockServer, recordingTransport, tick } from './helpers/mock-server.js';

// `listen()`'s run loop, the response cache and the answering of input requests load together with
// `import()` on first use of any of them (`lazy-code.ts`, so that a bundler keeps them out of the
// first chunk). Each test gets fresh modules, so that nothing is loaded yet, and holds back or
// breaks the load with a mock.

const LAZY_CODE = '../src/lazy-code.js';

/**
 * Holds the load of `path` until `release()`. A test that releases it waits for the load to finish
 * (`await import(...)`), so that it cannot finish during the next test.
 */
function gate(path: string) {
  const open = deferred<void>();
  vi.doMock(path, async (importOriginal) => {
    await open.promise;
    return importOriginal();
  });
  return { release: () => open.resolve() };
}

/** Makes the load of `path` fail, as a chunk a browser cannot fetch does. */
function breakLoad(path: string) {
  vi.doMock(path, () => {
    throw new Error('Failed to fetch dynamically imported module');
  });
}

async function freshClient(
  handlers: Parameters<typeof mockServer>[0],
  options: Record<string, unknown> = {},
) {
  vi.resetModules();
  const entry = await import('../src/index.js');
  const warnings: ClientWarning[] = [];
  const server = mockServer(handlers, allCaps);
  const client = new entry.McpClient(recordingTransport(server), {
    onWarning: (warning) => warnings.push(warning),
    reopenDelayMs: () => 0,
    ...options,
  });
  return { entry, server, client, warnings };
}

afterEach(() => {
  vi.doUnmock(LAZY_CODE);
});

describe('listen() before its run loop has loaded', () => {
  it('C-42: close() ends the subscription at once and no stream opens once the code is there', async () => {
    const load = gate(LAZY_CODE);
    const listen = controllable();
    const { entry, server, client } = await freshClient({ 'subscriptions/listen': listen.handler });
    const subscription = client.listen({ toolsListChanged: true });
    const reading = subscription.next();
    subscription.close();
    expect(subscription.ended).toBe(true);
    await expect(subscription.acknowledged).rejects.toBeInstanceOf(entry.SubscriptionClosedError);
    expect(await reading).toEqual({ value: undefined, done: true });
    load.release();
    await import(LAZY_CODE);
    await tick();
    expect(server.calls('subscriptions/listen')).toEqual([]);
  });

  it('an aborted signal and the acknowledgement timeout end it while the code loads', async () => {
    const load = gate(LAZY_CODE);
    const { entry, server, client } = await freshClient({ 'subscriptions/listen': controllable().handler });
    const controller = new AbortController();
    const aborted = client.listen({ toolsListChanged: true }, { signal: controller.signal });
    const timedOut = client.listen({ toolsListChanged: true }, { timeoutMs: 5 });
    controller.abort();
    await expect(aborted.acknowledged).rejects.toBeInstanceOf(entry.RequestAbortedError);
    await expect(timedOut.acknowledged).rejects.toBeInstanceOf(entry.RequestTimeoutError);
    expect(timedOut.ended).toBe(true);
    load.release();
    await import(LAZY_CODE);
    await tick();
    expect(server.calls('subscriptions/listen')).toEqual([]);
  });

  it('C-39: a reader waiting before the code loaded gets the notifications once it opens', async () => {
    const load = gate(LAZY_CODE);
    const listen = controllable();
    const { client } = await freshClient({ 'subscriptions/listen': listen.handler });
    const subscription = client.listen({ toolsListChanged: true });
    const first = subscription.next();
    subscription.transportRestarted();
    load.release();
    await until(() => listen.streams.length === 1);
    const stream = listen.streams[0]!;
    stream.push(ack(stream.request));
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    stream.push({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': stream.request.id } },
    });
    expect((await first).value?.method).toBe('notifications/tools/list_changed');
    expect(listen.streams).toHaveLength(1);
    subscription.close();
  });

  it('code that cannot load ends the subscription with a retryable error; the next listen loads it again', async () => {
    breakLoad(LAZY_CODE);
    const listen = controllable();
    const { entry, client } = await freshClient({ 'subscriptions/listen': listen.handler });
    const failed = client.listen({ toolsListChanged: true });
    const error = await failed.acknowledged.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(entry.TransportError);
    expect(error).toMatchObject({ reason: 'connection-lost', retryable: true });
    expect((error as Error).message).toMatch(/client\.listen could not load its code .*listen again/);
    await expect(failed.next()).rejects.toBe(error);
    vi.doUnmock(LAZY_CODE);
    const again = client.listen({ toolsListChanged: true });
    await until(() => listen.streams.length === 1);
    listen.streams[0]!.push(ack(listen.streams[0]!.request));
    expect(await again.acknowledged).toEqual({ toolsListChanged: true });
    again.close();
  });
});

const tools = () => ({
  resultType: 'complete',
  ttlMs: 60_000,
  cacheScope: 'public',
  tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
});

describe('the response cache before its code has loaded', () => {
  it('C-30: a call sends its request while the code loads, and what it fetched is cached', async () => {
    const load = gate(LAZY_CODE);
    const { server, client } = await freshClient({ 'tools/list': tools }, { protocolVersion: '2026-07-28' });
    const first = client.listTools();
    await until(() => server.calls('tools/list').length === 1);
    load.release();
    expect((await first).tools).toHaveLength(1);
    await client.listTools();
    expect(server.calls('tools/list')).toHaveLength(1);
  });

  it('C-36: a result fetched before the code loaded is not kept when an invalidation came in between', async () => {
    // The run loop loads with the cache's code, so the invalidation comes as a 2025-era server's
    // notification does, without it.
    const load = gate(LAZY_CODE);
    vi.resetModules();
    const { lazyClientCache } = await import('../src/cache-loader.js');
    const errors: unknown[] = [];
    const cache = lazyClientCache({}, (error) => errors.push(error))!;
    const version = '2026-07-28';
    const stale = await cache.visit('tools/list', undefined, version, 'use');
    expect(stale).toEqual({ hit: undefined, partition: '', epoch: 0 });
    cache.observe({ method: 'notifications/tools/list_changed' });
    load.release();
    await cache.keep('tools/list', undefined, version, tools(), stale!);
    const after = await cache.visit('tools/list', undefined, version, 'use');
    expect(after?.hit).toBeUndefined();
    await cache.keep('tools/list', undefined, version, tools(), after!);
    expect((await cache.visit('tools/list', undefined, version, 'use'))?.hit).toEqual(tools());
    expect(errors).toEqual([]);
  });

  it("C-35: with the application's store a call reads it first, so it waits for the code", async () => {
    const load = gate(LAZY_CODE);
    const { entry, server } = await freshClient({ 'tools/list': tools });
    const store = new entry.MemoryCacheStore();
    const client = new entry.McpClient(recordingTransport(server), {
      cache: { store },
      protocolVersion: '2026-07-28',
    });
    const first = client.listTools();
    for (let i = 0; i < 20; i++) await tick();
    expect(server.calls('tools/list')).toEqual([]);
    load.release();
    await first;
    expect(store.size).toBeGreaterThan(0);
  });

  it('code that cannot load is a cache failure: the call goes on without it, and the next use loads it', async () => {
    breakLoad(LAZY_CODE);
    const { server, client, warnings } = await freshClient({ 'tools/list': tools });
    expect((await client.listTools()).tools).toHaveLength(1);
    expect(warnings).toContainEqual({ kind: 'cache-failed', error: expect.any(Error) });
    vi.doUnmock(LAZY_CODE);
    await client.listTools();
    await client.listTools();
    expect(server.calls('tools/list')).toHaveLength(2);
  });
});

describe('the answering of input requests', () => {
  it('C-24: code that cannot load fails the call with a retryable error; the next call loads it', async () => {
    breakLoad(LAZY_CODE);
    const { entry, server, client } = await freshClient(
      {
        'tools/call': (request) =>
          paramsOf(request).inputResponses
            ? done('ok')
            : { resultType: 'input_required', inputRequests: confirm },
      },
      { autoListTools: false, handlers: yes },
    );
    const error = await client.callTool('t').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(entry.TransportError);
    expect(error).toMatchObject({ reason: 'connection-lost', retryable: true });
    expect((error as Error).message).toMatch(/could not load its code to answer the server's input requests/);
    expect(server.calls('tools/call')).toHaveLength(1);
    vi.doUnmock(LAZY_CODE);
    expect(await client.callTool('t')).toEqual(done('ok'));
    expect(server.calls('tools/call')).toHaveLength(3);
  });
});
