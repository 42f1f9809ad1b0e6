/**
 * An abort signal created only when someone reads it. Most requests finish without anyone
 * looking at their signal, and an `AbortController` is one of the larger per-request costs on
 * Node 20; this defers it. Aborting before the first read is remembered: a signal read later is
 * already aborted, with the same reason.
 *
 * Transports use it through `LazyRequestContext`.
 *
 * @example
 * ```ts
 * const cancellation = new LazyAbort();
 * cancellation.abort(new DOMException('Cancelled by the client', 'AbortError'));
 * cancellation.signal.aborted; // true: created now, already aborted
 * ```
 */
export class LazyAbort {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  #listeners: Array<(reason: unknown) => void> | undefined;

  /** Whether `abort` was called, without creating the signal. */
  get aborted(): boolean {
    return this.#aborted;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    if (listeners) for (const listener of listeners) listener(reason);
  }

  /** Calls `listener` once on abort (at once when already aborted), without creating the signal. */
  onAbort(listener: (reason: unknown) => void): void {
    if (this.#aborted) {
      listener(this.#reason);
      return;
    }
    this.#listeners ??= [];
    this.#listeners.push(listener);
  }
}
