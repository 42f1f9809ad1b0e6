import { LazyAbort } from '@mcpkit/protocol/internal';
import { CLIENT_GONE } from './incoming.js';

/**
 * A request's cancellation that follows a Web `Request.signal` until `unfollow`, listening to it
 * only once someone reads the cancellation's signal or waits for its abort: adding and removing
 * a listener on an `AbortSignal` costs about a microsecond per request, and most exchanges never
 * look. An abort of the request before that is read from the signal's `aborted`.
 */
export class SignalCancellation extends LazyAbort {
  /** The request's signal; `undefined` once unfollowed. */
  #source: AbortSignal | undefined;
  #onSourceAbort: (() => void) | undefined;

  constructor(source: AbortSignal) {
    super();
    this.#source = source;
  }

  override get aborted(): boolean {
    if (!super.aborted && this.#source?.aborted) this.#abortFromSource();
    return super.aborted;
  }

  override get signal(): AbortSignal {
    this.#follow();
    return super.signal;
  }

  override onAbort(listener: (reason: unknown) => void): void {
    this.#follow();
    super.onAbort(listener);
  }

  /** Stops following the request's signal: its exchange is over. */
  unfollow(): void {
    if (this.#onSourceAbort !== undefined) this.#source?.removeEventListener('abort', this.#onSourceAbort);
    this.#source = undefined;
  }

  #follow(): void {
    if (this.#onSourceAbort !== undefined || this.#source === undefined || this.aborted) return;
    this.#onSourceAbort = () => this.#abortFromSource();
    this.#source.addEventListener('abort', this.#onSourceAbort, { once: true });
  }

  #abortFromSource(): void {
    if (this.#source !== undefined) this.abort(this.#source.reason ?? CLIENT_GONE);
  }
}
