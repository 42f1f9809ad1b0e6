import type { EndpointItem, JSONRPCErrorResponse, RequestId } from '@mcpkit/protocol';
import type { LazyAbort } from '@mcpkit/protocol/internal';
import { closeQuietly, McpError, responseText, toErrorResponse } from '@mcpkit/protocol/internal';
import { CLIENT_GONE } from './incoming.js';
import { FrameWaiter, frame, KEEP_ALIVE_FRAME } from './sse-frames.js';

/** One SSE event carrying a JSON-RPC message. No `id:` field: streams are not resumable (H-16). */
function sseFrame(item: EndpointItem | JSONRPCErrorResponse): string {
  return frame(undefined, 'response' in item ? responseText(item) : JSON.stringify(item));
}

const TICK = Symbol('keep-alive');
const ABORTED = Symbol('aborted');

/** What ends a wait for the exchange's next item. */
type Outcome = { result: IteratorResult<EndpointItem> } | { error: unknown } | typeof TICK | typeof ABORTED;

/**
 * The frames of an SSE response, pulled one at a time so the adapter's writes apply
 * backpressure: the exchange's messages, keep-alive comments while it is quiet, and nothing
 * after the final response (H-14). Cancelling aborts the exchange's signal (H-34).
 *
 * A stream may stay open for days, so a wait leaves nothing behind once it ends: the next item,
 * the keep-alive timer and the abort listener all report to the one waiter of the moment instead
 * of being raced as promises (a race leaves a reaction on every long-lived promise it is given).
 */
export class SseSource {
  readonly #iterator: AsyncIterator<EndpointItem>;
  readonly #id: RequestId | undefined;
  readonly #cancellation: LazyAbort;
  readonly #keepAliveMs: number;
  #first: EndpointItem | undefined;
  /** An `iterator.next()` is under way. */
  #pulling = false;
  /** The item that settled while no frame was being waited for (after a keep-alive). */
  #arrived: Outcome | undefined;
  readonly #waiter = new FrameWaiter<Outcome>();
  #listening = false;
  #done = false;

  constructor(
    iterator: AsyncIterator<EndpointItem>,
    first: EndpointItem,
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
    if (!this.#pulling && this.#arrived === undefined) this.#pull();
    const outcome = await this.#wait();
    if (outcome === TICK) return KEEP_ALIVE_FRAME;
    if (outcome === ABORTED) {
      this.cancel();
      return null;
    }
    if ('error' in outcome) {
      this.#done = true;
      return this.#cancellation.aborted ? null : sseFrame(toErrorResponse(outcome.error, this.#id));
    }
    if (outcome.result.done) {
      this.#done = true;
      if (this.#cancellation.aborted) return null;
      return sseFrame(
        toErrorResponse(McpError.internalError('The exchange ended without a response'), this.#id),
      );
    }
    return this.#emit(outcome.result.value);
  }

  /** Stops the stream before its end: the client went away. A finished stream stays as it is. */
  cancel(reason?: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.#cancellation.abort(reason ?? CLIENT_GONE);
    closeQuietly(this.#iterator);
  }

  #emit(item: EndpointItem): string {
    if ('response' in item) {
      this.#done = true;
      closeQuietly(this.#iterator);
    }
    return sseFrame(item);
  }

  #pull(): void {
    this.#pulling = true;
    this.#iterator.next().then(
      (result) => this.#settle({ result }),
      (error: unknown) => this.#settle({ error }),
    );
  }

  /** Hands the item to the frame waiting for it, or keeps it for the next one. */
  #settle(outcome: Outcome): void {
    this.#pulling = false;
    if (!this.#waiter.wake(outcome)) this.#arrived = outcome;
  }

  #wait(): Promise<Outcome> {
    const arrived = this.#arrived;
    if (arrived !== undefined) {
      this.#arrived = undefined;
      return Promise.resolve(arrived);
    }
    const signal = this.#cancellation.signal;
    if (signal.aborted) return Promise.resolve(ABORTED);
    if (!this.#listening) {
      this.#listening = true;
      signal.addEventListener('abort', () => this.#waiter.wake(ABORTED), { once: true });
    }
    return this.#waiter.wait(this.#keepAliveMs, TICK);
  }
}
