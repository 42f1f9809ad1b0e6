import type {
  EndpointExchange,
  EndpointItem,
  FinalResponse,
  JSONRPCNotification,
  JSONRPCRequest,
} from '@mcpkit/protocol';
import { type ExchangeReader, type ReadableExchange, SETTLED_DONE } from '@mcpkit/protocol/internal';

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });
/** Handed to every reader of an ended exchange; `closeQuietly` attaches nothing to it. */
const DONE_PROMISE: Promise<IteratorResult<EndpointItem>> = SETTLED_DONE;

/** A waiting `next()`'s resolve, or a `readNext` reader. */
type Reader = ((result: IteratorResult<EndpointItem>) => void) | ExchangeReader<EndpointItem>;

function hand(reader: Reader, result: IteratorResult<EndpointItem>): void {
  if (typeof reader === 'function') reader(result);
  else reader.step(result);
}

/**
 * The stream of one exchange: notifications pushed while the request runs, then at most one
 * response, after which nothing more is accepted. Work starts when the consumer first asks for
 * an item; a consumer that stops early (`return`, or `break` in `for await`) closes the stream,
 * and later pushes are dropped (S-63). A transport may read it with `readNext`: each item is
 * then handed over when it is pushed, in the same reaction, with no promise per item.
 */
export class ExchangeStream implements EndpointExchange, ReadableExchange<EndpointItem> {
  /** Items not yet read; created on first use, as most exchanges hand their one item to a waiting reader. */
  private queue: EndpointItem[] | undefined;
  /**
   * The reader waiting for an item, then any others, oldest first (a consumer may call `next`
   * again before it settles). Not one array: nearly every exchange has one reader at a time,
   * and an array's first push allocates room for 16.
   */
  private reader: Reader | undefined;
  private laterReaders: Reader[] | undefined;
  private started = false;
  private ended = false;
  private onConsumerReturn: (() => void) | undefined;

  /** Runs when the consumer first asks for an item. */
  protected begin(): void {}

  /** How many pushed messages the consumer has not read yet. */
  get backlog(): number {
    return this.queue?.length ?? 0;
  }

  /** Drops the messages not read yet, so that what is pushed next is read next. */
  discardBacklog(): void {
    this.queue = undefined;
  }

  /** Whether the stream accepts no more messages. */
  get closed(): boolean {
    return this.ended;
  }

  /**
   * Runs `callback` if the consumer stops reading early (`return`): how work with no end of its
   * own, such as a listen stream, learns to stop when nothing aborts its signal.
   */
  onReturn(callback: () => void): void {
    this.onConsumerReturn = callback;
  }

  /** Queues a notification (or, legacy era only, a server request); returns false once the stream is closed. */
  push(message: JSONRPCNotification | JSONRPCRequest): boolean {
    if (this.ended) return false;
    this.deliver(message);
    return true;
  }

  /** Sends the final response, if any, and closes the stream. */
  finish(final?: FinalResponse): void {
    if (this.ended) return;
    // Ended first: a reader handed the response may close the stream from `step`.
    this.ended = true;
    if (final) this.deliver(final);
    for (let reader = this.takeReader(); reader !== undefined; reader = this.takeReader()) hand(reader, DONE);
  }

  next(): Promise<IteratorResult<EndpointItem>> {
    if (!this.started) {
      this.started = true;
      this.begin();
    }
    const message = this.queue?.shift();
    if (message !== undefined) return Promise.resolve({ done: false, value: message });
    if (this.ended) return DONE_PROMISE;
    return new Promise((resolve) => this.addReader(resolve));
  }

  /**
   * `next()` without a promise: the next item, or the end, goes to `reader.step`, before this
   * returns when it is there already; a `begin` that throws goes to `reader.fail`.
   */
  readNext(reader: ExchangeReader<EndpointItem>): void {
    if (!this.started) {
      this.started = true;
      try {
        this.begin();
      } catch (error) {
        reader.fail(error);
        return;
      }
    }
    const message = this.queue?.shift();
    if (message !== undefined) reader.step({ done: false, value: message });
    else if (this.ended) reader.step(DONE);
    else this.addReader(reader);
  }

  return(): Promise<IteratorResult<EndpointItem>> {
    this.queue = undefined;
    this.finish();
    const callback = this.onConsumerReturn;
    this.onConsumerReturn = undefined;
    callback?.();
    return DONE_PROMISE;
  }

  [Symbol.asyncIterator](): AsyncIterator<EndpointItem> {
    return this;
  }

  private addReader(reader: Reader): void {
    if (this.reader === undefined) {
      this.reader = reader;
      return;
    }
    this.laterReaders ??= [];
    this.laterReaders.push(reader);
  }

  /** The oldest waiting reader, no longer waiting. */
  private takeReader(): Reader | undefined {
    const reader = this.reader;
    this.reader = this.laterReaders?.shift();
    return reader;
  }

  private deliver(message: EndpointItem): void {
    const reader = this.takeReader();
    if (reader) {
      hand(reader, { done: false, value: message });
      return;
    }
    this.queue ??= [];
    this.queue.push(message);
  }
}

/** An exchange that yields nothing: the answer to a notification. */
export const EMPTY_EXCHANGE: EndpointExchange = {
  [Symbol.asyncIterator]: () => ({ next: () => DONE_PROMISE }),
};
