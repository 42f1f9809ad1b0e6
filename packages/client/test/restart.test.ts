import {
  type ClientTransport,
  createInMemoryTransport,
  type Exchange,
  type ExchangeMessage,
  type JSONRPCRequest,
  TransportError,
} from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpClient } from '../src/index.js';
import { deferred, discoverResult, meta, mockServer, tagged, tick } from './helpers/mock-server.js';

/**
 * A transport like the stdio one whose child can crash: `crash()` fails every exchange in flight
 * with a "restarted" TransportError at once; the new child starts only for the next exchange,
 * and `onRestart` fires once it has, before that exchange gets any answer. `log` lists the
 * requests sent and the restart reports, in order.
 */
function crashable(endpoint: Parameters<typeof createInMemoryTransport>[0]) {
  const inner = createInMemoryTransport(endpoint);
  const failers = new Set<(error: Error) => void>();
  const listeners = new Set<() => void>();
  const log: string[] = [];
  let crashed = false;
  let spawned: Promise<void> = Promise.resolve();
  const transport: ClientTransport & { crash(): void; log: string[] } = {
    log,
    exchange(request, options): Exchange {
      log.push(request.method);
      if (crashed) {
        crashed = false;
        spawned = new Promise<void>((resolve) =>
          setTimeout(() => {
            log.push('onRestart');
            for (const listener of listeners) listener();
            resolve();
          }, 0),
        );
      }
      const started = spawned;
      return (async function* () {
        let fail!: (error: Error) => void;
        const failed = new Promise<never>((_, reject) => {
          fail = reject;
        });
        failed.catch(() => {});
        failers.add(fail);
        const controller = new AbortController();
        options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
        try {
          await Promise.race([started, failed]);
          const iterator = inner
            .exchange(request, { ...options, signal: controller.signal })
            [Symbol.asyncIterator]();
          for (;;) {
            const next = await Promise.race([iterator.next(), failed]);
            if (next.done) return;
            yield next.value as ExchangeMessage;
          }
        } finally {
          failers.delete(fail);
          controller.abort();
        }
      })();
    },
    close: () => inner.close(),
    onRestart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    crash() {
      crashed = true;
      for (const fail of failers) fail(new TransportError('restarted', 'the server process was restarted'));
    },
  };
  return transport;
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 1000 && !condition(); i++) await tick();
  if (!condition()) throw new Error('condition not reached');
}

describe('transport restarts (T-17, C-43, C-55)', () => {
  it('T-17, C-55: a request lost in a restart is re-issued as a new request after the re-probe, even before onRestart', async () => {
    let hang = true;
    const server = mockServer({
      'server/discover': () => discoverResult({ resources: {} }, { ttlMs: 60_000 }),
      'resources/read': (request: JSONRPCRequest) =>
        hang
          ? new Promise<never>(() => {})
          : {
              resultType: 'complete',
              ttlMs: 0,
              cacheScope: 'private',
              contents: [{ uri: (request.params as { uri: string }).uri, text: 'back' }],
            },
    });
    const transport = crashable(server);
    const client = new McpClient(transport);
    await client.connect();
    const read = client.readResource('file:///a');
    await until(() => server.calls('resources/read').length === 1);
    hang = false;
    transport.crash();
    await expect(read).resolves.toMatchObject({ contents: [{ text: 'back' }] });
    // One probe for the restart: the one the lost read started, which onRestart joined.
    expect(transport.log).toEqual([
      'server/discover',
      'resources/read',
      'server/discover',
      'onRestart',
      'resources/read',
    ]);
    const reads = server.calls('resources/read');
    expect(reads[0]!.id).not.toBe(reads[1]!.id);
  });

  it('a tool call lost in a restart fails with a clear, retryable TransportError', async () => {
    const server = mockServer({ 'tools/call': () => new Promise<never>(() => {}) });
    const transport = crashable(server);
    const client = new McpClient(transport, { autoListTools: false });
    const call = client.callTool('x').catch((e: unknown) => e);
    await until(() => server.calls('tools/call').length === 1);
    transport.crash();
    const failure = await call;
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ reason: 'restarted', retryable: true });
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('requests issued during the re-probe use its answer', async () => {
    let version = '2026-07-28';
    const reprobe = deferred();
    let reads = 0;
    const server = mockServer({
      'server/discover': async () => {
        if (version !== '2026-07-28') await reprobe.promise;
        return discoverResult({ tools: {}, resources: {} }, { supportedVersions: [version] });
      },
      'resources/read': () =>
        reads++ === 0
          ? new Promise<never>(() => {})
          : { resultType: 'complete', ttlMs: 0, cacheScope: 'private', contents: [] },
      'tools/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [] }),
    });
    const transport = crashable(server);
    const client = new McpClient(transport, { protocolVersions: ['2099-01-01', '2026-07-28'] });
    await client.connect();
    const read = client.readResource('file:///a');
    await until(() => reads === 1);
    version = '2099-01-01';
    transport.crash();
    await until(() => server.calls('server/discover').length === 2);
    const list = client.listTools();
    reprobe.resolve();
    await list;
    await read;
    for (const request of [...server.calls('tools/list'), server.calls('resources/read')[1]!]) {
      expect(meta(request)['io.modelcontextprotocol/protocolVersion']).toBe('2099-01-01');
    }
    expect(client.protocolVersion).toBe('2099-01-01');
  });

  it("C-54: the wait for the re-probe after a restart counts against the lost request's deadline", async () => {
    const server = mockServer({
      'server/discover': () =>
        server.calls('server/discover').length === 1
          ? discoverResult({ resources: {} })
          : new Promise<never>(() => {}),
      'resources/read': () => new Promise<never>(() => {}),
    });
    const transport = crashable(server);
    const client = new McpClient(transport, { probeTimeoutMs: 60_000 });
    await client.connect();
    const read = client.readResource('file:///a', { maxTotalTimeoutMs: 200 }).catch((e: unknown) => e);
    await until(() => server.calls('resources/read').length === 1);
    transport.crash();
    expect(await read).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum', timeoutMs: 200 });
    expect(server.calls('resources/read')).toHaveLength(1);
    await client.close();
  });

  it('without a probe (known version) a lost request is re-issued and nothing probes', async () => {
    let reads = 0;
    const server = mockServer({
      'resources/read': () =>
        reads++ === 0
          ? new Promise<never>(() => {})
          : { resultType: 'complete', ttlMs: 0, cacheScope: 'private', contents: [] },
    });
    const transport = crashable(server);
    const client = new McpClient(transport, { protocolVersion: '2026-07-28' });
    const read = client.readResource('file:///a');
    await until(() => reads === 1);
    transport.crash();
    await read;
    await until(() => transport.log.includes('onRestart'));
    await tick();
    expect(transport.log).toEqual(['resources/read', 'resources/read', 'onRestart']);
    await client.close();
  });

  it('C-43: a listen lost in a restart re-opens after the re-probe, once', async () => {
    const server = mockServer(
      {
        'subscriptions/listen': async function* (request: JSONRPCRequest) {
          yield tagged('notifications/subscriptions/acknowledged', request.id, {
            notifications: { toolsListChanged: true },
          });
          await new Promise<never>(() => {});
        } as never,
      },
      { tools: { listChanged: true } },
    );
    const transport = crashable(server);
    const client = new McpClient(transport, { reopenDelayMs: () => 0 });
    const subscription = client.listen({ toolsListChanged: true });
    await subscription.acknowledged;
    const first = subscription.id;
    transport.crash();
    await until(() => subscription.id !== first && transport.log.includes('onRestart'));
    for (let i = 0; i < 5; i++) await tick();
    expect(transport.log).toEqual([
      'server/discover',
      'subscriptions/listen',
      'server/discover',
      'onRestart',
      'subscriptions/listen',
    ]);
    subscription.close();
  });

  it('after close, restarts are ignored', async () => {
    const server = mockServer({});
    const transport = crashable(server);
    const client = new McpClient(transport);
    await client.connect();
    await client.close();
    transport.crash();
    const respawn = transport.exchange({ jsonrpc: '2.0', id: 'after-close', method: 'ping' }, {});
    await drain(respawn).catch(() => {});
    await until(() => transport.log.includes('onRestart'));
    await tick();
    expect(server.calls('server/discover')).toHaveLength(1);
  });
});

async function drain(exchange: Exchange) {
  for await (const _ of exchange);
}
