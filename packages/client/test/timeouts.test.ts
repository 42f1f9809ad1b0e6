import { getEventListeners } from 'node:events';
import {
  type ClientTransport,
  createInMemoryTransport,
  type ExchangeMessage,
  type JSONRPCRequest,
  TransportError,
} from '@mcpkit/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  InvalidResponseError,
  McpClient,
  type Progress,
  RequestAbortedError,
  RequestTimeoutError,
} from '../src/index.js';
import { meta, mockServer, progress } from './helpers/mock-server.js';

const done = { resultType: 'complete', content: [] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setup(handler: Parameters<typeof mockServer>[0][string]) {
  const server = mockServer({ 'tools/call': handler });
  const client = new McpClient(createInMemoryTransport(server), {
    protocolVersion: '2026-07-28',
    autoListTools: false,
  });
  return { server, client };
}

describe('progress', () => {
  it("C-6, P-79: onProgress puts a unique token in _meta and receives only that token's progress", async () => {
    const { server, client } = setup(async function* (request: JSONRPCRequest) {
      const token = meta(request).progressToken;
      yield progress('someone-else', 1);
      yield progress(token, 1, 3);
      yield {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: 'bad' },
      };
      yield progress(token, 2, 3);
      yield { jsonrpc: '2.0', id: request.id, result: done } as ExchangeMessage;
    } as never);
    const seen: Progress[][] = [[], []];
    await Promise.all([
      client.callTool('a', {}, { onProgress: (p) => seen[0]!.push(p) }),
      client.callTool('b', {}, { onProgress: (p) => seen[1]!.push(p) }),
    ]);
    for (const updates of seen)
      expect(updates.map((p) => [p.progress, p.total])).toEqual([
        [1, 3],
        [2, 3],
      ]);
    const tokens = server.requests.map((r) => meta(r).progressToken);
    expect(new Set(tokens).size).toBe(2);
    await client.callTool('c');
    expect(meta(server.requests[2]!)).not.toHaveProperty('progressToken');
  });

  it('C-7: log messages of the request go to onLog', async () => {
    const { client } = setup(async function* (request: JSONRPCRequest) {
      yield {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'warning', data: 'careful' },
      };
      yield { jsonrpc: '2.0', id: request.id, result: done } as ExchangeMessage;
    } as never);
    const logs: unknown[] = [];
    await client.callTool('a', {}, { logLevel: 'info', onLog: (m) => logs.push(m) });
    expect(logs).toEqual([{ level: 'warning', data: 'careful' }]);
  });
});

describe('timeouts (C-54, P-81)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('no answer within timeoutMs is a RequestTimeoutError, and the request is cancelled (C-51)', async () => {
    let cancelled = false;
    const { client } = setup((_request, context) => {
      context.signal.addEventListener('abort', () => {
        cancelled = true;
      });
      return new Promise<never>(() => {});
    });
    const call = client.callTool('slow', {}, { timeoutMs: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const failure = await call;
    expect(failure).toBeInstanceOf(RequestTimeoutError);
    expect(failure).toMatchObject({ limit: 'idle', timeoutMs: 1000, method: 'tools/call' });
    expect(cancelled).toBe(true);
  });

  it('progress restarts the idle clock', async () => {
    const { client } = setup(async function* (request: JSONRPCRequest) {
      for (let i = 1; i <= 5; i++) {
        await sleep(800);
        yield progress(meta(request).progressToken, i);
      }
      await sleep(800);
      yield { jsonrpc: '2.0', id: request.id, result: done } as ExchangeMessage;
    } as never);
    const call = client.callTool('busy', {}, { timeoutMs: 1000, onProgress: () => {} });
    await vi.advanceTimersByTimeAsync(6 * 800);
    await expect(call).resolves.toEqual(done);
  });

  it('the hard maximum applies whatever progress says', async () => {
    const { client } = setup(async function* (request: JSONRPCRequest) {
      for (let i = 1; ; i++) {
        await sleep(500);
        yield progress(meta(request).progressToken, i);
      }
    } as never);
    const call = client
      .callTool('forever', {}, { timeoutMs: 1000, maxTotalTimeoutMs: 3000, onProgress: () => {} })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await call).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum', timeoutMs: 3000 });
  });

  it('without resetTimeoutOnProgress, progress does not extend the deadline', async () => {
    const { client } = setup(async function* (request: JSONRPCRequest) {
      for (let i = 1; ; i++) {
        await sleep(300);
        yield progress(meta(request).progressToken, i);
      }
    } as never);
    const call = client
      .callTool('x', {}, { timeoutMs: 1000, resetTimeoutOnProgress: false, onProgress: () => {} })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await call).toMatchObject({ limit: 'idle' });
  });

  it('one timer serves every call in flight, and each call still times out on its own clock', async () => {
    const { client } = setup(() => new Promise<never>(() => {}));
    const calls = [1000, 3000, 2000].map((timeoutMs) =>
      client.callTool('slow', {}, { timeoutMs }).catch((e: unknown) => e),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    const failures = (await Promise.all(calls)) as RequestTimeoutError[];
    expect(failures.map((failure) => failure.timeoutMs)).toEqual([1000, 3000, 2000]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('C-51: a timeout ends the exchange through the transport even when it ignores signals', async () => {
    let ended = 0;
    const deaf: ClientTransport = {
      exchange: () => ({
        [Symbol.asyncIterator]: () => ({
          next: () => new Promise<never>(() => {}),
          return: async () => {
            ended++;
            return { done: true, value: undefined };
          },
        }),
      }),
      close: async () => {},
    };
    const client = new McpClient(deaf, { protocolVersion: '2026-07-28', autoListTools: false });
    const call = client.callTool('x', {}, { timeoutMs: 500 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await call).toBeInstanceOf(RequestTimeoutError);
    expect(ended).toBe(1);
  });

  it('the client-wide defaults apply when a call sets none', async () => {
    const server = mockServer({ 'tools/call': () => new Promise<never>(() => {}) });
    const client = new McpClient(createInMemoryTransport(server), {
      protocolVersion: '2026-07-28',
      autoListTools: false,
      timeoutMs: 50,
    });
    const call = client.callTool('x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50);
    expect(await call).toMatchObject({ limit: 'idle', timeoutMs: 50 });
  });
});

describe('invalid timeouts (C-54)', () => {
  it.each([Number.NaN, 0, -1, 'soon' as unknown as number])(
    'C-54: timeoutMs or maxTotalTimeoutMs %s is a RangeError, not "no timeout"',
    async (value) => {
      for (const name of ['timeoutMs', 'maxTotalTimeoutMs', 'probeTimeoutMs'] as const) {
        expect(() => new McpClient(createInMemoryTransport(mockServer({})), { [name]: value })).toThrow(
          RangeError,
        );
      }
      const { server, client } = setup(() => new Promise<never>(() => {}));
      for (const name of ['timeoutMs', 'maxTotalTimeoutMs'] as const) {
        await expect(client.callTool('x', {}, { [name]: value })).rejects.toBeInstanceOf(RangeError);
        await expect(client.listTools({}, { [name]: value })).rejects.toBeInstanceOf(RangeError);
        await expect(client.readResource('file:///a', { [name]: value })).rejects.toBeInstanceOf(RangeError);
      }
      expect(server.requests).toHaveLength(0);
    },
  );

  it('Infinity means no limit', async () => {
    const { client } = setup(() => done);
    await expect(
      client.callTool(
        'x',
        {},
        { timeoutMs: Number.POSITIVE_INFINITY, maxTotalTimeoutMs: Number.POSITIVE_INFINITY },
      ),
    ).resolves.toEqual(done);
  });
});

describe('cancellation (C-51..C-53)', () => {
  it('C-51: aborting the signal cancels through the transport and rejects with RequestAbortedError', async () => {
    let cancelled!: () => void;
    const sawCancel = new Promise<void>((resolve) => {
      cancelled = resolve;
    });
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    const { client } = setup((_request, context) => {
      context.signal.addEventListener('abort', () => cancelled());
      received();
      return new Promise<never>(() => {});
    });
    const controller = new AbortController();
    const call = client.callTool('x', {}, { signal: controller.signal }).catch((e: unknown) => e);
    await arrived;
    controller.abort('changed my mind');
    const failure = await call;
    expect(failure).toBeInstanceOf(RequestAbortedError);
    expect((failure as Error).cause).toBe('changed my mind');
    await sawCancel;
  });

  it("C-51: the transport cancels with the caller's reason", async () => {
    let received!: () => void;
    const arrived = new Promise<void>((resolve) => {
      received = resolve;
    });
    let seenReason: unknown;
    const { client } = setup((_request, context) => {
      context.signal.addEventListener('abort', () => {
        seenReason = context.signal.reason;
      });
      received();
      return new Promise<never>(() => {});
    });
    const controller = new AbortController();
    const call = client.callTool('x', {}, { signal: controller.signal }).catch((e: unknown) => e);
    await arrived;
    controller.abort('user pressed stop');
    expect(await call).toBeInstanceOf(RequestAbortedError);
    expect(seenReason).toBe('user pressed stop');
  });

  it("a call that fails at once leaves no listener on the caller's signal", async () => {
    const broken: ClientTransport = {
      exchange: () => {
        throw new Error('cannot send');
      },
      close: async () => {},
    };
    const client = new McpClient(broken, { protocolVersion: '2026-07-28', autoListTools: false });
    const controller = new AbortController();
    await expect(client.callTool('x', {}, { signal: controller.signal })).rejects.toThrow('cannot send');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const { client: working } = setup(() => done);
    await working.callTool('x', {}, { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('C-52: an already aborted signal sends nothing', async () => {
    const { server, client } = setup(() => done);
    await client.connect();
    await expect(client.callTool('x', {}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      RequestAbortedError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('C-53: a response arriving after the cancel is dropped', async () => {
    let release!: () => void;
    const late = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stubborn: ClientTransport = {
      async *exchange(request) {
        await late;
        yield { jsonrpc: '2.0', id: request.id, result: { resultType: 'complete', content: [] } };
      },
      close: async () => {},
    };
    const client = new McpClient(stubborn, { protocolVersion: '2026-07-28', autoListTools: false });
    const controller = new AbortController();
    const call = client.callTool('x', {}, { signal: controller.signal }).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    controller.abort();
    release();
    expect(await call).toBeInstanceOf(RequestAbortedError);
  });
});

describe('broken streams (C-55)', () => {
  it('a list whose stream ends without a response is re-issued as a new request', async () => {
    let attempts = 0;
    const server = mockServer({
      'tools/list': async function* (request: JSONRPCRequest) {
        attempts++;
        if (attempts === 1) return;
        yield {
          jsonrpc: '2.0',
          id: request.id,
          result: { resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [] },
        } as ExchangeMessage;
      } as never,
    });
    const client = new McpClient(createInMemoryTransport(server), { protocolVersion: '2026-07-28' });
    await expect(client.listTools()).resolves.toMatchObject({ tools: [] });
    const ids = server.calls('tools/list').map((r) => r.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('a tool call lost in transit is not re-issued: it fails with a retryable TransportError', async () => {
    // biome-ignore lint/correctness/useYield: the stream breaks before the response
    const { server, client } = setup(async function* () {
      return;
    } as never);
    const failure = await client.callTool('x').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as TransportError).retryable).toBe(true);
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('re-issues are bounded', async () => {
    const server = mockServer({
      // biome-ignore lint/correctness/useYield: never answers
      'tools/list': async function* () {
        return;
      } as never,
    });
    const client = new McpClient(createInMemoryTransport(server), { protocolVersion: '2026-07-28' });
    await expect(client.listTools()).rejects.toBeInstanceOf(TransportError);
    expect(server.calls('tools/list')).toHaveLength(3);
  });

  it('a response with another id is an invalid response', async () => {
    const { client } = setup(async function* () {
      yield { jsonrpc: '2.0', id: 'not-mine', result: done } as ExchangeMessage;
    } as never);
    await expect(client.callTool('x')).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
