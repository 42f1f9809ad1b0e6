import type { ExchangeMessage, JSONRPCNotification, JSONRPCRequest } from '@mcpkit/protocol';

/**
 * One request in flight over the deprecated HTTP+SSE transport: what the stream brings for it (its
 * progress, then its response), read as the exchange's iterator. `return()` before the response
 * calls `cancel` at once, even while a `next()` is pending.
 */
export class PendingSseExchange implements AsyncIterator<ExchangeMessage> {
  readonly request: JSONRPCRequest;
  readonly #cancel: () => void;
  readonly #settle: () => void;
  #queue: ExchangeMessage[] = [];
  #waiter:
    | { resolve: (result: IteratorResult<ExchangeMessage>) => void; reject: (error: unknown) => void }
    | undefined;
  #answered = false;
  #ended = false;
  #error: unknown;

  /** `cancel` runs when the caller leaves before the response; `settle` once, when it is settled. */
  constructor(request: JSONRPCRequest, cancel: () => void, settle: () => void) {
    this.request = request;
    this.#cancel = cancel;
    this.#settle = settle;
  }

  /** Whether its response arrived, or it ended otherwise: nothing more is routed to it. */
  get settled(): boolean {
    return this.#answered || this.#ended;
  }

  push(message: ExchangeMessage): void {
    if (this.settled) return;
    if (!('method' in message)) {
      this.#answered = true;
      this.#settle();
    }
    const waiter = this.#waiter;
    this.#waiter = undefined;
    if (waiter) waiter.resolve({ value: message, done: false });
    else this.#queue.push(message);
  }

  fail(error: unknown): void {
    if (this.settled) return;
    this.#ended = true;
    this.#error = error;
    this.#settle();
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.reject(error);
  }

  next(): Promise<IteratorResult<ExchangeMessage>> {
    const message = this.#queue.shift();
    if (message !== undefined) return Promise.resolve({ value: message, done: false });
    if (this.#answered || (this.#ended && this.#error === undefined)) {
      return Promise.resolve({ value: undefined, done: true });
    }
    if (this.#ended) return Promise.reject(this.#error);
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<ExchangeMessage>> {
    if (!this.settled) {
      this.#ended = true;
      this.#settle();
      this.#cancel();
    }
    this.#queue = [];
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.resolve({ value: undefined, done: true });
    return Promise.resolve({ value: undefined, done: true });
  }
}

/** Notifications held for a `serverMessages` reader that is behind; beyond this the oldest go. */
const MAX_QUEUED = 1000;

/** The notifications of the HTTP+SSE stream that belong to no request, for its `serverMessages` readers. */
export class SseNotificationReaders {
  readonly #readers = new Set<(notification: JSONRPCNotification | undefined) => void>();

  /** Hands `notification` to every reader. */
  deliver(notification: JSONRPCNotification): void {
    for (const reader of this.#readers) reader(notification);
  }

  /** Ends every reader's iteration. */
  end(): void {
    for (const reader of this.#readers) reader(undefined);
  }

  /** The notifications delivered from now until `signal` aborts or `end()`. */
  async *read(signal: AbortSignal, ended: () => boolean): AsyncGenerator<JSONRPCNotification> {
    const queue: JSONRPCNotification[] = [];
    let finished = ended();
    let wake: (() => void) | undefined;
    const reader = (notification: JSONRPCNotification | undefined) => {
      if (notification === undefined) finished = true;
      else if (queue.push(notification) > MAX_QUEUED) queue.shift();
      wake?.();
    };
    const stop = () => wake?.();
    this.#readers.add(reader);
    signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (finished || signal.aborted) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      this.#readers.delete(reader);
      signal.removeEventListener('abort', stop);
    }
  }
}
