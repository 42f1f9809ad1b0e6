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
import { discoverResult, mockServer, tick } from './helpers/mock-server.js';

/**
 * A transport like a stdio one whose child can crash: `crash()` fails every exchange in flight
 * with a "restarted" TransportError, then reports the restart.
 */
function crashable(endpoint: Parameters<typeof createInMemoryTransport>[0]) {
  const inner = createInMemoryTransport(endpoint);
  const failers = new Set<(error: Error) => void>();
  const listeners = new Set<() => void>();
  const transport: ClientTransport & { crash(): void } = {
    exchange(request, options): Exchange {
      return (async function* () {
        let fail!: (error: Error) => void;
        const failed = new Promise<never>((_, reject) => {
          fail = reject;
        });
        failed.catch(() => {});
        failers.add(fail);
        const controller = new AbortController();
        options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
        const iterator = inner
          .exchange(request, { ...options, signal: controller.signal })
          [Symbol.asyncIterator]();
        try {
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
      for (const fail of failers) fail(new TransportError('restarted', 'the server process was restarted'));
      for (const listener of listeners) listener();
    },
  };
  return transport;
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 1000 && !condition(); i++) await tick();
  if (!condition()) throw new Error('condition not reached');
}

describe('transport restarts (T-17, C-43, C-55)', () => {
  it('re-probes with server/discover and re-issues in-flight idempotent requests as new requests', async () => {
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
    expect(server.requests.map((r) => r.method)).toEqual([
      'server/discover',
      'resources/read',
      'server/discover',
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
    const server = mockServer({
      'server/discover': () => discoverResult({ tools: {} }, { supportedVersions: [version] }),
      'tools/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [] }),
    });
    const transport = crashable(server);
    const client = new McpClient(transport, { protocolVersions: ['2099-01-01', '2026-07-28'] });
    await client.connect();
    version = '2099-01-01';
    transport.crash();
    await client.listTools();
    const list = server.calls('tools/list')[0]!;
    expect(
      (list.params as { _meta: Record<string, unknown> })._meta['io.modelcontextprotocol/protocolVersion'],
    ).toBe('2099-01-01');
    expect(client.protocolVersion).toBe('2099-01-01');
  });

  it('without a probe (known version) a restart only re-opens listens', async () => {
    const server = mockServer({});
    const transport = crashable(server);
    const client = new McpClient(transport, { protocolVersion: '2026-07-28' });
    transport.crash();
    await tick();
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it('after close, restarts are ignored', async () => {
    const server = mockServer({});
    const transport = crashable(server);
    const client = new McpClient(transport);
    await client.connect();
    await client.close();
    transport.crash();
    await tick();
    expect(server.calls('server/discover')).toHaveLength(1);
  });
});
