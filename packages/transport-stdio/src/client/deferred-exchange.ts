import type { ExchangeMessage, ExchangeOptions, JSONRPCRequest } from '@mcpkit/protocol';
import {
  type ExchangeReader,
  type PendingExchange,
  type ReadableExchange,
  SETTLED_DONE,
} from '@mcpkit/protocol/internal';

/** What opens the real exchange once the transport's implementation has loaded. */
export interface ExchangeSource {
  exchange(request: JSONRPCRequest, options: ExchangeOptions): PendingExchange;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * An exchange asked for before the transport's implementation has loaded. As with every exchange,
 * nothing is sent until the consumer reads: the first read waits for the implementation, then
 * opens the real exchange and reads it, so what it yields and how it fails (a command that cannot be
 * spawned, a signal aborted meanwhile) are the real exchange's. Ended before that, it sends nothing:
 * a read waiting for the implementation ends at once.
 */
export class DeferredExchange implements AsyncIterableIterator<ExchangeMessage>, ReadableExchange {
  readonly #source: Promise<ExchangeSource>;
  readonly #request: JSONRPCRequest;
  readonly #options: ExchangeOptions;
  #inner: PendingExchange | undefined;
  #opening = false;
  #ended = false;
  /** The read made before the real exchange existed, if any. */
  #waiting: ExchangeReader | undefined;

  constructor(source: Promise<ExchangeSource>, request: JSONRPCRequest, options: ExchangeOptions) {
    this.#source = source;
    this.#request = request;
    this.#options = options;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ExchangeMessage>> {
    if (this.#inner) return this.#inner.next();
    if (this.#ended) return SETTLED_DONE;
    return new Promise((resolve, reject) => this.readNext({ step: resolve, fail: reject }));
  }

  readNext(reader: ExchangeReader): void {
    if (this.#inner) {
      this.#inner.readNext(reader);
      return;
    }
    if (this.#ended) {
      reader.step(DONE);
      return;
    }
    this.#waiting = reader;
    if (!this.#opening) this.#open();
  }

  return(): Promise<IteratorResult<ExchangeMessage>> {
    if (this.#inner) return this.#inner.return();
    this.#ended = true;
    this.#takeWaiting()?.step(DONE);
    return SETTLED_DONE;
  }

  #open(): void {
    this.#opening = true;
    this.#source.then(
      (source) => {
        if (this.#ended) return;
        const inner = source.exchange(this.#request, this.#options);
        this.#inner = inner;
        const reader = this.#takeWaiting();
        if (reader) inner.readNext(reader);
      },
      (error: unknown) => {
        this.#ended = true;
        this.#takeWaiting()?.fail(error);
      },
    );
  }

  #takeWaiting(): ExchangeReader | undefined {
    const reader = this.#waiting;
    this.#waiting = undefined;
    return reader;
  }
}
