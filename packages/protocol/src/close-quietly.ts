function ignore(): void {}

/** An iterator's last result, `{ done: true }`: one frozen object for every iterator. */
export const ITERATION_DONE: IteratorReturnResult<undefined> = Object.freeze({
  done: true,
  value: undefined,
});

/**
 * A settled `{ done: true }`, for an iterator's `next` or `return` once it has ended: one promise
 * for every reader. `closeQuietly` knows it never rejects and attaches nothing to it.
 */
export const SETTLED_DONE: Promise<IteratorReturnResult<undefined>> = Promise.resolve(ITERATION_DONE);

/**
 * Ends an iterator whose remaining items are not wanted, so its `finally` blocks (an endpoint's
 * cleanup) run; whatever its `return` throws or rejects with is ignored: it has nothing left to
 * give.
 */
export function closeQuietly(iterator: AsyncIterator<unknown>): void {
  try {
    const returned = iterator.return?.();
    // Anything but `SETTLED_DONE` might reject: catch it (a reaction the settled one is spared).
    if (returned !== SETTLED_DONE) returned?.then?.(undefined, ignore);
  } catch {
    // An iterator whose `return` throws has nothing left to clean up.
  }
}
