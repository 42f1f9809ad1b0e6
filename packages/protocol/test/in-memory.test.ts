import { describe, expect, it, vi } from 'vitest';
import { SETTLED_DONE } from '../src/close-quietly.js';
import {
  createInMemoryTransport,
  type ExchangeMessage,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type McpEndpoint,
  type RequestContext,
} from '../src/index.js';

const request: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

function echoEndpoint(seen: { message?: unknown; context?: RequestContext }[] = []): McpEndpoint {
  return {
    async *handle(message, context) {
      seen.push({ message, context });
      const id = (message as { id: number }).id;
      yield { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } };
      yield { response: { jsonrpc: '2.0', id, result: { resultType: 'complete', echoed: message } } };
    },
  };
}

async function collect(iterable: AsyncIterable<ExchangeMessage>) {
  const out: ExchangeMessage[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('createInMemoryTransport', () => {
  it('delivers the exchange and passes a memory context', async () => {
    const seen: { message?: unknown; context?: RequestContext }[] = [];
    const transport = createInMemoryTransport(echoEndpoint(seen));
    const items = await collect(transport.exchange(request, {}));
    expect(items.map((i) => ('method' in i ? i.method : 'response'))).toEqual([
      'notifications/progress',
      'response',
    ]);
    expect(seen[0]?.context?.transport).toBe('memory');
  });

  it('copies through JSON by default, so neither side shares objects', async () => {
    const seen: { message?: unknown }[] = [];
    const transport = createInMemoryTransport(echoEndpoint(seen));
    await collect(transport.exchange(request, {}));
    expect(seen[0]?.message).toEqual(request);
    expect(seen[0]?.message).not.toBe(request);
  });

  it('shares objects when the JSON round trip is off', async () => {
    const seen: { message?: unknown }[] = [];
    const transport = createInMemoryTransport(echoEndpoint(seen), { jsonRoundTrip: false });
    await collect(transport.exchange(request, {}));
    expect(seen[0]?.message).toBe(request);
  });

  it('passes the configured auth to the endpoint', async () => {
    const seen: { context?: RequestContext }[] = [];
    const transport = createInMemoryTransport(echoEndpoint(seen), {
      context: { transport: 'memory', auth: { principal: 'alice' } },
    });
    await collect(transport.exchange(request, {}));
    expect(seen[0]?.context?.auth?.principal).toBe('alice');
  });

  it('aborting ends the exchange at once and aborts the endpoint’s signal', async () => {
    let endpointSignal: AbortSignal | undefined;
    const endpoint: McpEndpoint = {
      async *handle(_message, context) {
        endpointSignal = context.signal;
        yield {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications: {} },
        };
        await new Promise(() => {});
      },
    };
    const controller = new AbortController();
    const transport = createInMemoryTransport(endpoint);
    const iterator = transport.exchange(request, { signal: controller.signal })[Symbol.asyncIterator]();
    await iterator.next();
    const pending = iterator.next();
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(endpointSignal?.aborted).toBe(true);
  });

  it('breaking out of the loop aborts the endpoint’s signal', async () => {
    let endpointSignal: AbortSignal | undefined;
    const endpoint: McpEndpoint = {
      async *handle(_message, context) {
        endpointSignal = context.signal;
        for (let i = 0; ; i++)
          yield { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: i } };
      },
    };
    for await (const _ of createInMemoryTransport(endpoint).exchange(request, {})) break;
    expect(endpointSignal?.aborted).toBe(true);
  });

  it('the endpoint’s signal aborts with an AbortError once the exchange is over', async () => {
    let endpointSignal: AbortSignal | undefined;
    const endpoint: McpEndpoint = {
      async *handle(_message, context) {
        endpointSignal = context.signal;
        yield { response: { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } } };
      },
    };
    await collect(createInMemoryTransport(endpoint).exchange(request, {}));
    expect(endpointSignal?.aborted).toBe(true);
    expect((endpointSignal?.reason as DOMException | undefined)?.name).toBe('AbortError');
  });

  it('a signal first read after the caller aborted is already aborted, with the caller’s reason', async () => {
    let seen: AbortSignal | undefined;
    let release: () => void = () => {};
    const endpoint: McpEndpoint = {
      async *handle(_message, context) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        seen = context.signal;
      },
    };
    const controller = new AbortController();
    const pending = collect(
      createInMemoryTransport(endpoint).exchange(request, { signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as Error | undefined)?.message).toBe('user cancelled');
  });

  it('notify runs the endpoint and yields nothing', async () => {
    const seen: { message?: unknown }[] = [];
    const endpoint: McpEndpoint = {
      handle(message) {
        seen.push({ message });
        return (async function* () {})();
      },
    };
    const transport = createInMemoryTransport(endpoint);
    await transport.notify?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    expect(seen).toHaveLength(1);
  });

  it('close fails exchanges in flight with TransportError("closed"), aborts them, and refuses new ones', async () => {
    let endpointSignal: AbortSignal | undefined;
    const endpoint: McpEndpoint = {
      async *handle(_message, context) {
        endpointSignal = context.signal;
        await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      },
    };
    const transport = createInMemoryTransport(endpoint);
    const running = collect(transport.exchange(request, {}));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await transport.close();
    await expect(running).rejects.toMatchObject({ name: 'TransportError', reason: 'closed' });
    expect(endpointSignal?.aborted).toBe(true);
    await expect(collect(transport.exchange(request, {}))).rejects.toThrow(/closed/);
  });
});

describe('createInMemoryTransport, messages that cannot be serialized', () => {
  it('a message the endpoint yields that JSON cannot carry rejects the read and ends the exchange', async () => {
    let endpointSignal: AbortSignal | undefined;
    let resumed = false;
    const endpoint: McpEndpoint = {
      async *handle(message, context) {
        endpointSignal = context.signal;
        const id = (message as { id: number }).id;
        yield {
          response: { jsonrpc: '2.0', id, result: { resultType: 'complete', big: 1n } } as JSONRPCResponse,
        };
        resumed = true;
      },
    };
    const transport = createInMemoryTransport(endpoint);
    const iterator = transport.exchange(request, {})[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toThrow(/BigInt/);
    expect(endpointSignal?.aborted).toBe(true);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(resumed).toBe(false);
  });

  it('a request JSON cannot carry rejects the first read, never reaches the endpoint, and ends the exchange', async () => {
    const seen: unknown[] = [];
    const transport = createInMemoryTransport(echoEndpoint(seen as never));
    const unserializable = { ...request, params: { n: 1n } } as unknown as JSONRPCRequest;
    const iterator = transport.exchange(unserializable, {})[Symbol.asyncIterator]();
    const first = iterator.next();
    expect(first).toBeInstanceOf(Promise);
    await expect(first).rejects.toThrow(/BigInt/);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
    expect(seen).toEqual([]);
  });

  it('notify rejects for a notification JSON cannot carry', async () => {
    const transport = createInMemoryTransport(echoEndpoint());
    await expect(
      transport.notify?.({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1n },
      } as never),
    ).rejects.toThrow(/BigInt/);
  });
});

describe('createInMemoryTransport, ending early', () => {
  const request: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
  const stuck: McpEndpoint = {
    async *handle(_message, context) {
      stuckSignal = context.signal;
      await new Promise(() => {});
    },
  };
  let stuckSignal: AbortSignal | undefined;

  it('return() while a read is pending ends that read and aborts the endpoint’s signal', async () => {
    const iterator = createInMemoryTransport(stuck).exchange(request, {})[Symbol.asyncIterator]();
    const pending = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await iterator.return?.();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(stuckSignal?.aborted).toBe(true);
  });

  it('return() hands back SETTLED_DONE and closes the endpoint quietly: no reaction on either side', async () => {
    const then = vi.spyOn(SETTLED_DONE, 'then');
    let closed = false;
    const endpoint: McpEndpoint = {
      handle: (message) => {
        const id = (message as { id: number }).id;
        let given = false;
        return {
          [Symbol.asyncIterator]: () => ({
            next: async () => {
              if (given) return { done: true, value: undefined };
              given = true;
              return {
                done: false,
                value: { response: { jsonrpc: '2.0', id, result: { resultType: 'complete' } } },
              };
            },
            return: () => {
              closed = true;
              return SETTLED_DONE;
            },
          }),
        };
      },
    };
    try {
      const iterator = createInMemoryTransport(endpoint).exchange(request, {})[Symbol.asyncIterator]();
      expect(await iterator.next()).toMatchObject({ done: false });
      expect(iterator.return?.()).toBe(SETTLED_DONE);
      expect(closed).toBe(true);
      expect(then).not.toHaveBeenCalled();
    } finally {
      then.mockRestore();
    }
  });

  it('close() fails a read in progress instead of leaving it pending', async () => {
    const transport = createInMemoryTransport(stuck);
    const iterator = transport.exchange(request, {})[Symbol.asyncIterator]();
    const pending = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await transport.close();
    await expect(pending).rejects.toThrow(/closed/);
  });
});
