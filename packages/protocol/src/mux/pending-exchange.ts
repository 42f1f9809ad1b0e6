import { SETTLED_DONE } from '../close-quietly.js';
import type { ExchangeMessage } from '../contracts.js';
import type { ExchangeReader, ReadableExchange } from '../exchange-reader.js';
import type { RequestId } from '../schemas/json.js';
import type { JSONRPCRequest } from '../schemas/jsonrpc.js';
import type { CancelSender } from './cancel.js';

/** What a pending exchange needs from the transport that owns it. */
export interface ExchangeOwner {
  /** The consumer started reading: send the request (or fail the exchange). */
  open(exchange: PendingExchange): void;
  /** The consumer gave up before the response (abort or `return()`): cancel if it was sent. */
  abandon(exchange: PendingExchange, reason: unknown): void;
}

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * One request in flight on a shared pipe, seen by its consumer as an async iterator: the
 * transport pushes notifications and the final response into it; the consumer pulls. Nothing is
 * sent until the consumer first calls `next()`. Aborting the signal, or leaving a `for await`
 * early, ends it at once and tells the owner to cancel it.
 */
export class PendingExchange implements AsyncIterableIterator<ExchangeMessage>, ReadableExchange {
  declare readonly request: JSONRPCRequest;
  declare readonly id: RequestId;
  declare readonly signal: AbortSignal | undefined;
  /** How the owner sends this exchange's `notifications/cancelled` (the client's send hooks), if not itself. */
  declare readonly sendCancel: CancelSender | undefined;
  /** Set by the owner once the request has been written (its position in the pipe). */
  sentSeq = 0;
  /** The connection it was written to: set and compared by the owner, opaque here. */
  connection: object | undefined;
  readonly #owner: ExchangeOwner;
  #started = false;
  #ended = false;
  #items: ExchangeMessage[] | undefined;
  #head = 0;
  #failure: { error: unknown } | undefined;
  /** The read in progress, if any. */
  #reader: ExchangeReader | undefined;

  constructor(
    request: JSONRPCRequest,
    signal: AbortSignal | undefined,
    owner: ExchangeOwner,
    sendCancel?: CancelSender,
  ) {
    this.request = request;
    this.id = request.id;
    this.signal = signal;
    this.sendCancel = sendCancel;
    this.#owner = owner;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Whether no more items will be added. */
  get ended(): boolean {
    return this.#ended;
  }

  next(): Promise<IteratorResult<ExchangeMessage>> {
    if (!this.#started) this.#start();
    const items = this.#items;
    if (this.#ended && this.#failure === undefined && !(items && this.#head < items.length))
      return SETTLED_DONE;
    return new Promise((resolve, reject) => this.readNext({ step: resolve, fail: reject }));
  }

  /** `next()` without a promise: the next message, the end or the failure goes to `reader`. */
  readNext(reader: ExchangeReader): void {
    if (!this.#started) this.#start();
    const items = this.#items;
    if (items && this.#head < items.length) {
      const value = items[this.#head]!;
      items[this.#head++] = undefined as never;
      reader.step({ done: false, value });
      return;
    }
    const failure = this.#failure;
    if (failure) {
      this.#failure = undefined;
      reader.fail(failure.error);
      return;
    }
    if (this.#ended) reader.step(DONE);
    else this.#reader = reader;
  }

  return(): Promise<IteratorResult<ExchangeMessage>> {
    if (this.#started && !this.#ended) this.#owner.abandon(this, undefined);
    this.#end();
    this.#items = undefined;
    this.#failure = undefined;
    this.#settle(DONE);
    return SETTLED_DONE;
  }

  /** Adds a notification. */
  push(message: ExchangeMessage): void {
    if (this.#ended) return;
    this.#deliver(message);
  }

  /** Adds the final message (the response), then ends. */
  complete(message: ExchangeMessage): void {
    if (this.#ended) return;
    // Ended first: a reader may close the exchange from `step`, which must not cancel it then.
    this.#end();
    this.#deliver(message);
  }

  /** Ends after the items already delivered, without a response. */
  finish(): void {
    if (this.#ended) return;
    this.#end();
    this.#settle(DONE);
  }

  /** Ends with `error`, after the items already delivered. */
  fail(error: unknown): void {
    if (this.#ended) return;
    this.#end();
    const reader = this.#reader;
    this.#reader = undefined;
    // Later, as a rejected `next()` would be: a client's own abort listener fails its call first.
    if (reader) queueMicrotask(() => reader.fail(error));
    else this.#failure = { error };
  }

  #start(): void {
    this.#started = true;
    const signal = this.signal;
    if (signal?.aborted) {
      this.fail(signal.reason);
      return;
    }
    signal?.addEventListener('abort', this, { once: true });
    this.#owner.open(this);
  }

  /** The signal's `abort` listener (the exchange itself is the listener: no closure per exchange). */
  handleEvent(): void {
    if (this.#ended) return;
    const reason = this.signal!.reason;
    this.#owner.abandon(this, reason);
    this.#items = undefined;
    this.fail(reason);
  }

  #deliver(message: ExchangeMessage): void {
    if (this.#reader) {
      this.#settle({ done: false, value: message });
      return;
    }
    if (!this.#items) {
      this.#items = [message];
      this.#head = 0;
    } else {
      if (this.#head === this.#items.length) {
        this.#items.length = 0;
        this.#head = 0;
      }
      this.#items.push(message);
    }
  }

  #settle(result: IteratorResult<ExchangeMessage>): void {
    const reader = this.#reader;
    if (!reader) return;
    this.#reader = undefined;
    reader.step(result);
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.signal?.removeEventListener('abort', this);
  }
}
