import {
  type ExchangeMessage,
  type LazyAbort,
  McpError,
  type RequestId,
  serializeMessage,
  toErrorResponse,
} from '@mcpkit/protocol';
import { CLIENT_GONE } from './incoming.js';

/** An SSE comment: ignored by clients, it keeps idle connections open through proxies (H-15). */
export const KEEP_ALIVE_FRAME = ': keep-alive\n\n';

/** One SSE event carrying a JSON-RPC message. No `id:` field: streams are not resumable (H-16). */
export function sseFrame(message: unknown): string {
  return `data: ${serializeMessage(message)}\n\n`;
}

/** Whether an exchange item is the final response rather than a notification. */
export function isResponse(item: ExchangeMessage): boolean {
  return !('method' in item);
}

/** Ends an iterator whose remaining items are not wanted, so its `finally` blocks run. */
export function closeQuietly(iterator: AsyncIterator<unknown>): void {
  iterator.return?.()?.catch?.(() => {});
}

const TICK = Symbol('keep-alive');
const ABORTED = Symbol('aborted');

/**
 * The frames of an SSE response, pulled one at a time so the adapter's writes apply
 * backpressure: the exchange's messages, keep-alive comments while it is quiet, and nothing
 * after the final response (H-14). Cancelling aborts the exchange's signal (H-34).
 */
export class SseSource {
  readonly #iterator: AsyncIterator<ExchangeMessage>;
  readonly #id: RequestId | undefined;
  readonly #cancellation: LazyAbort;
  readonly #keepAliveMs: number;
  #first: ExchangeMessage | undefined;
  #pending: Promise<IteratorResult<ExchangeMessage>> | undefined;
  #aborted: Promise<typeof ABORTED> | undefined;
  #done = false;

  constructor(
    iterator: AsyncIterator<ExchangeMessage>,
    first: ExchangeMessage,
    id: RequestId | undefined,
    cancellation: LazyAbort,
    keepAliveMs: number,
  ) {
    this.#iterator = iterator;
    this.#first = first;
    this.#id = id;
    this.#cancellation = cancellation;
    this.#keepAliveMs = keepAliveMs;
  }

  /** The next frame to write, or `null` when the stream is over. */
  async next(): Promise<string | null> {
    if (this.#done) return null;
    const first = this.#first;
    if (first !== undefined) {
      this.#first = undefined;
      return this.#emit(first);
    }
    this.#pending ??= this.#iterator.next();
    let result: IteratorResult<ExchangeMessage> | typeof TICK | typeof ABORTED;
    try {
      result = await this.#wait(this.#pending);
    } catch (error) {
      this.#done = true;
      return this.#cancellation.aborted ? null : sseFrame(toErrorResponse(error, this.#id));
    }
    if (result === TICK) return KEEP_ALIVE_FRAME;
    if (result === ABORTED) {
      this.cancel();
      return null;
    }
    this.#pending = undefined;
    if (result.done) {
      this.#done = true;
      if (this.#cancellation.aborted) return null;
      return sseFrame(
        toErrorResponse(McpError.internalError('The exchange ended without a response'), this.#id),
      );
    }
    return this.#emit(result.value);
  }

  /** Stops the stream before its end: the client went away. A finished stream stays as it is. */
  cancel(reason?: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.#cancellation.abort(reason ?? CLIENT_GONE);
    closeQuietly(this.#iterator);
  }

  #emit(item: ExchangeMessage): string {
    if (isResponse(item)) {
      this.#done = true;
      closeQuietly(this.#iterator);
    }
    return sseFrame(item);
  }

  async #wait(
    pending: Promise<IteratorResult<ExchangeMessage>>,
  ): Promise<IteratorResult<ExchangeMessage> | typeof TICK | typeof ABORTED> {
    this.#aborted ??= new Promise((resolve) => {
      const signal = this.#cancellation.signal;
      if (signal.aborted) resolve(ABORTED);
      else signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
    });
    if (this.#keepAliveMs <= 0) return Promise.race([pending, this.#aborted]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = new Promise<typeof TICK>((resolve) => {
      timer = setTimeout(resolve, this.#keepAliveMs, TICK);
    });
    try {
      return await Promise.race([pending, this.#aborted, tick]);
    } finally {
      clearTimeout(timer);
    }
  }
}
