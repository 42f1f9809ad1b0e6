import { closeQuietly, ITERATION_DONE, SETTLED_DONE } from './close-quietly.js';
import {
  type ClientTransport,
  type EndpointItem,
  type Exchange,
  type ExchangeMessage,
  type McpEndpoint,
  type RequestContext,
  responseText,
  TransportError,
} from './contracts.js';
import type { ExchangeReader, ReadableExchange } from './exchange-reader.js';
import type { LeanRequestContext } from './lazy-context.js';
import { type RequestContextClass, requestContextClass } from './request-context-class.js';
import { requestText } from './request-text.js';
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

const CLOSED_ITERATOR: AsyncIterator<ExchangeMessage> = {
  next: () => Promise.reject(new TransportError('closed', 'in-memory transport is closed')),
};

function roundTrip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** What the client reads of an endpoint's item, through a JSON round trip when `copying`. */
function received(item: EndpointItem, copying: boolean): ExchangeMessage {
  if ('response' in item)
    return copying ? (JSON.parse(responseText(item)) as ExchangeMessage) : item.response;
  return copying ? roundTrip(item) : item;
}

interface Link {
  endpoint: McpEndpoint;
  baseContext: Omit<RequestContext, 'signal'>;
  /** The class of the endpoint's contexts (`requestContextClass`). */
  Context: RequestContextClass;
  /** Whether what crosses goes through `JSON.stringify`/`JSON.parse`. */
  copying: boolean;
  /**
   * The exchanges in flight, as an intrusive list: a `Set` with constant adds and deletes of
   * per-request objects keeps finished exchanges alive into the old generation on Node 20.
   */
  first: InMemoryExchange | undefined;
  closed: boolean;
}

/**
 * One exchange: starts the endpoint when first read, copies what crosses, and ends promptly
 * when the caller's signal aborts (rejecting a pending read with the signal's reason). It is also
 * the `Exchange` that `exchange` hands the client, and its own iterator the first time it is
 * iterated (each later iteration is an exchange of its own), so a request costs one object.
 */
class InMemoryExchange implements Exchange, ReadableExchange, ExchangeReader<EndpointItem> {
  private context: LeanRequestContext | undefined;
  private source: ReadableExchange<EndpointItem> | undefined;
  /** Neighbours in the link's list of exchanges in flight. */
  before: InMemoryExchange | undefined;
  after: InMemoryExchange | undefined;
  /** The read in progress (`undefined` when none), settled early when the exchange ends before the endpoint answers it. */
  private reader: ExchangeReader | undefined = undefined;
  private iterated = false;
  private ended = false;
  /** Whether `pull` is running: a read asked for meanwhile is made by its loop, not by recursion. */
  private pulling = false;
  private pullAgain = false;

  constructor(
    private readonly link: Link,
    private readonly message: JSONRPCRequest | JSONRPCNotification,
    private readonly signal: AbortSignal | undefined,
  ) {}

  [Symbol.asyncIterator](): AsyncIterator<ExchangeMessage> {
    if (this.link.closed) return CLOSED_ITERATOR;
    if (this.iterated)
      return new InMemoryExchange(this.link, this.message, this.signal)[Symbol.asyncIterator]();
    this.iterated = true;
    return this;
  }

  next(): Promise<IteratorResult<ExchangeMessage>> {
    return new Promise((resolve, reject) => this.readNext({ step: resolve, fail: reject }));
  }

  /** `next()` without a promise: what the endpoint yields next goes to `reader`. */
  readNext(reader: ExchangeReader): void {
    if (this.signal?.aborted) {
      this.end(this.signal.reason);
      reader.fail(this.signal.reason);
      return;
    }
    if (this.ended) {
      reader.step(ITERATION_DONE);
      return;
    }
    if (!this.source) {
      try {
        this.start();
      } catch (error) {
        // The request cannot be copied (a BigInt, a cycle) or the endpoint threw instead of answering.
        this.end(EXCHANGE_ENDED);
        reader.fail(error);
        return;
      }
    }
    this.reader = reader;
    this.pull();
  }

  /**
   * Asks the endpoint for its next item. An endpoint that hands items over by a call may do so
   * before its `readNext` returns, and the reader may then ask for the next one at once: a loop,
   * so that thousands of items already there do not grow the stack.
   */
  private pull(): void {
    if (this.pulling) {
      this.pullAgain = true;
      return;
    }
    const source = this.source!;
    if (source.readNext === undefined) {
      source.next().then(
        (result) => this.step(result),
        (error: unknown) => this.fail(error),
      );
      return;
    }
    this.pulling = true;
    do {
      this.pullAgain = false;
      source.readNext(this);
    } while (this.pullAgain && this.reader !== undefined);
    this.pulling = false;
  }

  /**
   * What the endpoint yielded, for the read in progress (the endpoint's reader). A read that
   * `end` settled early is no longer pending, and what comes after it is dropped.
   */
  step(result: IteratorResult<EndpointItem>): void {
    const reader = this.reader;
    if (reader === undefined) return;
    this.reader = undefined;
    if (result.done) {
      this.end(EXCHANGE_ENDED);
      reader.step(ITERATION_DONE);
      return;
    }
    let value: ExchangeMessage;
    try {
      value = received(result.value, this.link.copying);
    } catch (error) {
      // What the endpoint yielded cannot go on a wire: the exchange ends with that error.
      this.end(EXCHANGE_ENDED);
      reader.fail(error);
      return;
    }
    reader.step({ done: false, value });
  }

  /** Reading the endpoint's exchange failed (the endpoint's reader). */
  fail(error: unknown): void {
    const reader = this.reader;
    if (reader === undefined) return;
    this.reader = undefined;
    this.end(EXCHANGE_ENDED);
    reader.fail(error);
  }

  /** Ending early cancels the exchange; a read in progress ends at once. */
  return(): Promise<IteratorResult<ExchangeMessage>> {
    const reader = this.reader;
    this.reader = undefined;
    reader?.step(ITERATION_DONE);
    this.end(EXCHANGE_ENDED);
    return SETTLED_DONE;
  }

  /** The caller's abort listener. */
  handleEvent(): void {
    this.end(this.signal!.reason);
  }

  /**
   * Ends the exchange: aborts the endpoint's signal with `reason`, stops the endpoint's stream,
   * and fails a read in progress with `reason`.
   */
  end(reason: unknown): void {
    if (this.ended) return;
    this.ended = true;
    // Taken first: the endpoint may hand over an item (or its end) while its signal aborts or its stream closes.
    const reader = this.reader;
    this.reader = undefined;
    this.unlink();
    this.signal?.removeEventListener('abort', this);
    this.context?.abort(reason);
    if (this.source) closeQuietly(this.source);
    // Later, as a rejected `next()` would be: a client's own abort listener fails its call first.
    if (reader) queueMicrotask(() => reader.fail(reason));
  }

  private start(): void {
    const { endpoint, baseContext, Context, copying } = this.link;
    this.after = this.link.first;
    if (this.after) this.after.before = this;
    this.link.first = this;
    this.signal?.addEventListener('abort', this, { once: true });
    this.context = new Context(baseContext);
    const message = copying ? (JSON.parse(requestText(this.message)) as typeof this.message) : this.message;
    this.source = endpoint
      .handle(message, this.context)
      [Symbol.asyncIterator]() as ReadableExchange<EndpointItem>;
  }

  private unlink(): void {
    if (this.before) this.before.after = this.after;
    else if (this.link.first === this) this.link.first = this.after;
    if (this.after) this.after.before = this.before;
    this.before = undefined;
    this.after = undefined;
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
    Context: requestContextClass(endpoint),
    copying: options.jsonRoundTrip !== false,
    first: undefined,
    closed: false,
  };
  const exchange = (message: JSONRPCRequest | JSONRPCNotification, signal?: AbortSignal): Exchange =>
    new InMemoryExchange(link, message, signal);

  return {
    // Made with the transport: one made at load would be code a bundler keeps in every client bundle.
    network: Object.freeze({ transport: 'inproc' }),
    exchange(request, exchangeOptions) {
      return exchange(request, exchangeOptions.signal);
    },
    async notify(notification) {
      for await (const _ of exchange(notification)) {
        // A notification's exchange yields nothing; draining it runs the endpoint.
      }
    },
    async close() {
      link.closed = true;
      const reason = new TransportError('closed', 'in-memory transport closed');
      while (link.first) link.first.end(reason);
    },
  };
}
