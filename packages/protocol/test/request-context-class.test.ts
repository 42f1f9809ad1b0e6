import { describe, expect, it } from 'vitest';
import type { EndpointExchange, McpEndpoint, RequestContext } from '../src/contracts.js';
import { createInMemoryTransport } from '../src/in-memory.js';
import { LazyRequestContext, LeanRequestContext } from '../src/lazy-context.js';
import { ServerMux } from '../src/mux/server-mux.js';
import { keepsRequestContext, requestContextClass } from '../src/request-context-class.js';

const request = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } as const;

/** An endpoint that records the context of each message and answers it at once. */
class RecordingEndpoint implements McpEndpoint {
  readonly seen: RequestContext[] = [];

  async *handle(message: unknown, context: RequestContext): EndpointExchange {
    this.seen.push(context);
    const id = (message as { id: number }).id;
    yield { response: { jsonrpc: '2.0', id, result: { resultType: 'complete' } } };
  }
}

/** One that says it keeps its contexts to itself, as `McpServer` does. */
class KeepingEndpoint extends RecordingEndpoint {
  constructor() {
    super();
    keepsRequestContext(this, KeepingEndpoint.prototype.handle);
  }
}

describe('LeanRequestContext', () => {
  it('has no own signal: a spread copy has none, while the context itself has a working one', () => {
    const context = new LeanRequestContext({ transport: 'stdio', auth: { principal: 'alice' } });
    expect(Object.keys(context)).toEqual(['transport', 'auth']);
    expect(Object.hasOwn(context, 'signal')).toBe(false);
    expect('signal' in { ...context }).toBe(false);
    const reason = new Error('cancelled');
    context.abort(reason);
    expect(context.aborted).toBe(true);
    expect(context.signal.reason).toBe(reason);
  });

  it('shares its getter with LazyRequestContext, whose own signal is the same one', () => {
    const context = new LazyRequestContext({ transport: 'memory' });
    expect(context).toBeInstanceOf(LeanRequestContext);
    expect(Object.getOwnPropertyDescriptor(context, 'signal')?.get).toBe(
      Object.getOwnPropertyDescriptor(LeanRequestContext.prototype, 'signal')?.get,
    );
    expect({ ...context }.signal).toBe(context.signal);
  });
});

describe('requestContextClass', () => {
  it('is LeanRequestContext for an endpoint that keeps its contexts, LazyRequestContext for any other', () => {
    expect(requestContextClass(new KeepingEndpoint())).toBe(LeanRequestContext);
    expect(requestContextClass(new RecordingEndpoint())).toBe(LazyRequestContext);
  });

  it('is LazyRequestContext for a wrapper of a keeping endpoint, and for a subclass that overrides handle', () => {
    const inner = new KeepingEndpoint();
    const wrapper: McpEndpoint = { handle: (message, context) => inner.handle(message, { ...context }) };
    expect(requestContextClass(wrapper)).toBe(LazyRequestContext);
    class Spreading extends KeepingEndpoint {
      override handle(message: unknown, context: RequestContext): EndpointExchange {
        return super.handle(message, { ...context });
      }
    }
    expect(requestContextClass(new Spreading())).toBe(LazyRequestContext);
    // A subclass that leaves `handle` alone keeps the lean contexts.
    class Named extends KeepingEndpoint {}
    expect(requestContextClass(new Named())).toBe(LeanRequestContext);
  });
});

describe('the transports of this package choose the context by the endpoint', () => {
  async function throughMemory(endpoint: RecordingEndpoint): Promise<RequestContext> {
    for await (const _ of createInMemoryTransport(endpoint).exchange(request, {})) {
      // read to the end
    }
    return endpoint.seen[0]!;
  }

  async function throughMux(endpoint: RecordingEndpoint): Promise<RequestContext> {
    const written: unknown[] = [];
    const mux = new ServerMux(
      endpoint,
      { transport: 'stdio' },
      { write: (item) => void written.push(item), idle() {} },
    );
    mux.receive(request);
    await expect.poll(() => written.length).toBe(1);
    mux.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return endpoint.seen[0]!;
  }

  it.each([
    ['the in-memory transport', throughMemory],
    ['ServerMux (stdio, MessagePort)', throughMux],
  ])(
    '%s gives a keeping endpoint a context without an own signal, any other a spread-safe one',
    async (_, through) => {
      const lean = await through(new KeepingEndpoint());
      expect(lean).toBeInstanceOf(LeanRequestContext);
      expect(Object.hasOwn(lean, 'signal')).toBe(false);
      const safe = await through(new RecordingEndpoint());
      expect(Object.hasOwn(safe, 'signal')).toBe(true);
      expect({ ...safe }.signal).toBe(safe.signal);
    },
  );

  it('ServerMux gives every message on the connection a context of the one class', async () => {
    const endpoint = new KeepingEndpoint();
    const mux = new ServerMux(endpoint, { transport: 'stdio' }, { write: () => undefined, idle() {} });
    mux.receive(request);
    mux.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    mux.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    mux.receive('not a message');
    await expect.poll(() => endpoint.seen.length).toBe(4);
    for (const context of endpoint.seen) expect(Object.hasOwn(context, 'signal')).toBe(false);
  });
});
