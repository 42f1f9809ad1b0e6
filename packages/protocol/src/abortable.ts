/**
 * Yields the items of `source` until `signal` aborts; then stops the source and throws the
 * signal's reason at once, even while the source is still waiting for its next item.
 */
export function abortable<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncIterable<T> {
  if (!signal) return source;
  return { [Symbol.asyncIterator]: () => new AbortableIterator(source[Symbol.asyncIterator](), signal) };
}

class AbortableIterator<T> implements AsyncIterator<T> {
  private rejectPending: ((reason: unknown) => void) | undefined;
  private finished = false;

  constructor(
    private readonly source: AsyncIterator<T>,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', this, { once: true });
  }

  next(): Promise<IteratorResult<T>> {
    if (this.signal.aborted) {
      this.stop();
      return Promise.reject(this.signal.reason);
    }
    if (this.finished) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => {
      this.rejectPending = reject;
      this.source.next().then(
        (result) => {
          this.rejectPending = undefined;
          if (result.done) this.finish();
          resolve(result);
        },
        (error) => {
          this.rejectPending = undefined;
          this.finish();
          reject(error);
        },
      );
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.stop();
    return Promise.resolve({ done: true, value: undefined });
  }

  /** The abort listener. */
  handleEvent(): void {
    const reject = this.rejectPending;
    this.rejectPending = undefined;
    this.stop();
    reject?.(this.signal.reason);
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.signal.removeEventListener('abort', this);
  }

  private stop(): void {
    if (this.finished) return;
    this.finish();
    this.source.return?.()?.catch(() => {});
  }
}
