function ignore(): void {}

/**
 * Ends an iterator whose remaining items are not wanted, so its `finally` blocks (an endpoint's
 * cleanup) run; whatever its `return` throws or rejects with is ignored: it has nothing left to
 * give.
 */
export function closeQuietly(iterator: AsyncIterator<unknown>): void {
  try {
    iterator.return?.()?.then?.(undefined, ignore);
  } catch {
    // An iterator whose `return` throws has nothing left to clean up.
  }
}
