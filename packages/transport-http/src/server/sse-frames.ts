/** An SSE comment: ignored by clients, it keeps idle connections open through proxies (H-15). */
export const KEEP_ALIVE_FRAME = ': keep-alive\n\n';

/** An SSE event carrying `data`; with an `id:` only when it can be resumed (H-16). */
export function frame(id: string | undefined, data: string): string {
  return id === undefined ? `data: ${data}\n\n` : `id: ${id}\ndata: ${data}\n\n`;
}

/**
 * The one reader of an SSE response waiting for its next frame: `wake` hands it a value, or after
 * `keepAliveMs` of quiet it gets `tick` (the caller writes a keep-alive). A wait leaves nothing
 * behind once it ends (no reaction on a long-lived promise, no timer), so a stream may stay open
 * for days.
 */
export class FrameWaiter<T> {
  #wake: ((value: T) => void) | undefined;

  /** Wakes the reader with `value`; `false` when nobody waits. */
  wake(value: T): boolean {
    const wake = this.#wake;
    if (wake === undefined) return false;
    wake(value);
    return true;
  }

  /** Waits for `wake`, or for `keepAliveMs` (when positive), then resolves `tick`. */
  wait(keepAliveMs: number, tick: T): Promise<T> {
    return new Promise<T>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      this.#wake = (value) => {
        this.#wake = undefined;
        if (timer !== undefined) clearTimeout(timer);
        resolve(value);
      };
      if (keepAliveMs > 0) timer = setTimeout(this.#wake, keepAliveMs, tick);
    });
  }
}
