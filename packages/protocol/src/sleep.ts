/**
 * Waits `ms` milliseconds, or less: it resolves as soon as `signal` (if given) aborts, and never
 * rejects. A caller that must stop on abort checks the signal after it.
 *
 * @example
 * ```ts
 * await sleep(retryMs, signal);
 * signal.throwIfAborted();
 * ```
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
