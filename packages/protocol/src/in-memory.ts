import type { ClientTransport, Exchange, ExchangeMessage, McpEndpoint, RequestContext } from './contracts.js';
import { LazyAbort } from './lazy-abort.js';
import type { JSONRPCNotification, JSONRPCRequest } from './schemas/jsonrpc.js';
import { serializeMessage } from './serialized.js';

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
const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

const CLOSED_ITERATOR: AsyncIterator<ExchangeMessage> = {
  next: () => Promise.reject(new Error('in-memory transport is closed')),
};

function roundTrip<T>(value: T): T {
  return JSON.parse(serializeMessage(value)) as T;
}

interface Link {
  endpoint: McpEndpoint;
  baseContext: Omit<RequestContext, 'signal'>;
  copy: <T>(value: T) => T;
  inFlight: Set<InMemoryExchange>;
}

/** The context an endpoint sees: its signal exists only once the endpoint reads it. */
function contextFor(base: Omit<RequestContext, 'signal'>, abort: LazyAbort): RequestContext {
  const context = { ...base } as RequestContext;
  Object.defineProperty(context, 'signal', { get: () => abort.signal, enumerable: true });
  return context;
}

/**
 * One exchange: starts the endpoint when first read, copies what crosses, and ends promptly
 * when the caller's signal aborts (rejecting a pending read with the signal's reason).
 */
class InMemoryExchange implements AsyncIterator<ExchangeMessage> {
  private readonly abort = new LazyAbort();
  private source: AsyncIterator<ExchangeMessage> | undefined;
  private rejectPending: ((reason: unknown) => void) | undefined;
  private ended = false;

  constructor(
    private readonly link: Link,
    private readonly message: JSONRPCRequest | JSONRPCNotification,
    private readonly signal: AbortSignal | undefined,
  ) {}

  next(): Promise<IteratorResult<ExchangeMessage>> {
    if (this.signal?.aborted) {
      this.end(this.signal.reason);
      return Promise.reject(this.signal.reason);
    }
    if (this.ended) return Promise.resolve(DONE);
    if (!this.source) this.start();
    return new Promise((resolve, reject) => {
      this.rejectPending = reject;
      this.source!.next().then(
        (result) => {
          this.rejectPending = undefined;
          if (result.done) {
            this.end(EXCHANGE_ENDED);
            resolve(DONE);
          } else {
            resolve({ done: false, value: this.link.copy(result.value) });
          }
        },
        (error) => {
          this.rejectPending = undefined;
          this.end(EXCHANGE_ENDED);
          reject(error);
        },
      );
    });
  }

  return(): Promise<IteratorResult<ExchangeMessage>> {
    this.end(EXCHANGE_ENDED);
    return Promise.resolve(DONE);
  }

  /** The caller's abort listener. */
  handleEvent(): void {
    const reject = this.rejectPending;
    this.rejectPending = undefined;
    this.end(this.signal!.reason);
    reject?.(this.signal!.reason);
  }

  /** Ends the exchange and aborts the endpoint's signal with `reason`. */
  end(reason: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.link.inFlight.delete(this);
    this.signal?.removeEventListener('abort', this);
    this.abort.abort(reason);
    this.source?.return?.()?.catch(() => {});
  }

  private start(): void {
    const { endpoint, baseContext, copy, inFlight } = this.link;
    inFlight.add(this);
    this.signal?.addEventListener('abort', this, { once: true });
    const exchange = endpoint.handle(copy(this.message), contextFor(baseContext, this.abort));
    this.source = exchange[Symbol.asyncIterator]();
  }
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
  const link: Link = {
    endpoint,
    baseContext: options.context ?? { transport: 'memory' },
    copy: options.jsonRoundTrip === false ? <T>(value: T) => value : roundTrip,
    inFlight: new Set(),
  };
  let closed = false;

  const exchange = (message: JSONRPCRequest | JSONRPCNotification, signal?: AbortSignal): Exchange => ({
    [Symbol.asyncIterator]: () => (closed ? CLOSED_ITERATOR : new InMemoryExchange(link, message, signal)),
  });

  return {
    exchange(request, exchangeOptions) {
      return exchange(request, exchangeOptions.signal);
    },
    async notify(notification) {
      for await (const _ of exchange(notification)) {
        // A notification's exchange yields nothing; draining it runs the endpoint.
      }
    },
    async close() {
      closed = true;
      for (const running of link.inFlight) running.end(new Error('in-memory transport closed'));
    },
  };
}
