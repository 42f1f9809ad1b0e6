import { abortable } from './abortable.js';
import type { ClientTransport, Exchange, ExchangeMessage, McpEndpoint, RequestContext } from './contracts.js';
import type { JSONRPCNotification, JSONRPCRequest } from './schemas/jsonrpc.js';

/** Options of `createInMemoryTransport`. */
export interface InMemoryTransportOptions {
  /**
   * Send every message through `JSON.stringify`/`JSON.parse`, so tests see exactly what a wire
   * would carry (default `true`). Turn off to embed a server in the same process without copies;
   * then both sides share objects and must not change them.
   */
  jsonRoundTrip?: boolean;
  /** Fields of the request context the endpoint sees, such as `auth`. */
  context?: Omit<RequestContext, 'signal'>;
}

/**
 * Why an exchange's signal aborts once the exchange is over. One shared instance: creating a
 * DOMException (and its stack) per exchange would cost more than the rest of the transport.
 */
const EXCHANGE_ENDED = new DOMException('The exchange ended', 'AbortError');

function roundTrip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * A client transport that calls an endpoint in the same process: no I/O, no framing.
 * Aborting an exchange aborts the endpoint's `context.signal`, as closing a stream would.
 *
 * @example
 * ```ts
 * const client = new McpClient(createInMemoryTransport(server));
 * ```
 */
export function createInMemoryTransport(
  endpoint: McpEndpoint,
  options: InMemoryTransportOptions = {},
): ClientTransport {
  const copy = options.jsonRoundTrip === false ? <T>(value: T) => value : roundTrip;
  const baseContext = options.context ?? { transport: 'memory' };
  const inFlight = new Set<AbortController>();
  let closed = false;

  async function* run(
    message: JSONRPCRequest | JSONRPCNotification,
    signal?: AbortSignal,
  ): AsyncGenerator<ExchangeMessage> {
    if (closed) throw new Error('in-memory transport is closed');
    const controller = new AbortController();
    inFlight.add(controller);
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    try {
      const exchange = endpoint.handle(copy(message), { ...baseContext, signal: controller.signal });
      for await (const item of abortable(exchange, signal)) yield copy(item);
    } finally {
      signal?.removeEventListener('abort', forward);
      inFlight.delete(controller);
      controller.abort(EXCHANGE_ENDED);
    }
  }

  return {
    exchange(request, exchangeOptions): Exchange {
      return run(request, exchangeOptions.signal);
    },
    async notify(notification) {
      for await (const _ of run(notification)) {
        // A notification's exchange yields nothing; draining it runs the endpoint.
      }
    },
    async close() {
      closed = true;
      for (const controller of inFlight) controller.abort(new Error('in-memory transport closed'));
    },
  };
}
