import { createInMemoryTransport } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import { McpClient, RequestAbortedError, RequestTimeoutError } from '../src/index.js';
import { deferred, discoverResult, emptyToolsList, mockServer, tick } from './helpers/mock-server.js';

describe('waiting for the probe', () => {
  const unanswered = () => new Promise<never>(() => {});

  it('C-51: aborting discover() stops only that caller; a call waiting for the same probe gets its answer', async () => {
    const received = deferred();
    const answer = deferred();
    const server = mockServer({
      'server/discover': async () => {
        received.resolve();
        await answer.promise;
        return discoverResult({ tools: {} });
      },
      'tools/list': () => emptyToolsList,
    });
    const client = new McpClient(createInMemoryTransport(server));
    const controller = new AbortController();
    const discovering = client.discover({ signal: controller.signal }).catch((e: unknown) => e);
    const listing = client.listTools();
    await received.promise;
    controller.abort('not now');
    const failure = await discovering;
    expect(failure).toBeInstanceOf(RequestAbortedError);
    expect((failure as Error).cause).toBe('not now');
    answer.resolve();
    expect(await listing).toMatchObject({ tools: [] });
    expect(client.server?.capabilities).toEqual({ tools: {} });
    expect(server.calls('server/discover')).toHaveLength(1);
  });

  it('C-51: a call waiting for the probe stops waiting when its own signal aborts', async () => {
    const server = mockServer({ 'server/discover': unanswered });
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    const controller = new AbortController();
    const call = client.callTool('x', {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort('changed my mind');
    const failure = await Promise.race([call, tick().then(() => 'still waiting')]);
    expect(failure).toBeInstanceOf(RequestAbortedError);
    expect(failure).toMatchObject({ method: 'tools/call', cause: 'changed my mind' });
    expect(server.calls('tools/call')).toHaveLength(0);
    await client.close();
  });

  it('C-51: connect({ signal }) stops only that caller waiting; an aborted one sends nothing', async () => {
    const received = deferred();
    const answer = deferred();
    const server = mockServer({
      'server/discover': async () => {
        received.resolve();
        await answer.promise;
        return discoverResult({ tools: {} });
      },
    });
    const client = new McpClient(createInMemoryTransport(server));
    await expect(client.connect({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(RequestAbortedError);
    expect(server.calls('server/discover')).toHaveLength(0);
    const controller = new AbortController();
    const connecting = client.connect({ signal: controller.signal }).catch((e: unknown) => e);
    const patient = client.connect();
    await received.promise;
    controller.abort('not now');
    expect(await connecting).toMatchObject({
      name: 'RequestAbortedError',
      method: 'server/discover',
      cause: 'not now',
    });
    answer.resolve();
    expect(await patient).toMatchObject({ capabilities: { tools: {} } });
    expect(server.calls('server/discover')).toHaveLength(1);
  });

  it('C-54: connect({ timeoutMs }) gives up with RequestTimeoutError while the probe goes on', async () => {
    vi.useFakeTimers();
    try {
      const server = mockServer({ 'server/discover': unanswered });
      const client = new McpClient(createInMemoryTransport(server), { probeTimeoutMs: 60_000 });
      const connecting = client.connect({ timeoutMs: 1000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000);
      const failure = await Promise.race([connecting, Promise.resolve('still waiting')]);
      expect(failure).toMatchObject({
        name: 'RequestTimeoutError',
        method: 'server/discover',
        timeoutMs: 1000,
      });
      await client.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('C-54: a call waiting for the probe fails with RequestTimeoutError once its timeoutMs has passed', async () => {
    vi.useFakeTimers();
    try {
      const server = mockServer({ 'server/discover': unanswered });
      const client = new McpClient(createInMemoryTransport(server), { probeTimeoutMs: 60_000 });
      const listing = client.listTools({}, { timeoutMs: 1000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1000);
      const failure = await Promise.race([listing, Promise.resolve('still waiting')]);
      expect(failure).toBeInstanceOf(RequestTimeoutError);
      expect(failure).toMatchObject({ method: 'tools/list', limit: 'idle', timeoutMs: 1000 });
      await client.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
