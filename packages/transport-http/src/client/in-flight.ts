/** An exchange or notification in flight, which the transport's `close` cancels. */
export interface InFlight {
  readonly cancel: { abort(reason?: unknown): void };
  /** Where it stands in its `InFlightList`; -1 when in none. Only the list touches it. */
  inFlightSlot: number;
}

/**
 * What a transport has in flight: an array in which each entry knows its slot, so removing one
 * moves the last into its place and clears the last slot. A `Set` with one entry added and
 * deleted per request kept what each retired entry reached (its request, its socket's listeners,
 * its response text) alive past the young-generation GC: with 64 calls in flight, about 4 KB a
 * call was promoted and the old generation was mark-compacted every half second
 * (docs/design/http-client-in-flight.md).
 */
export class InFlightList {
  readonly #entries: InFlight[] = [];

  add(entry: InFlight): void {
    entry.inFlightSlot = this.#entries.push(entry) - 1;
  }

  /** Forgets `entry` (nothing happens if it is not in the list). */
  delete(entry: InFlight): void {
    const slot = entry.inFlightSlot;
    if (slot < 0) return;
    entry.inFlightSlot = -1;
    const last = this.#entries.pop()!;
    if (last === entry) return;
    this.#entries[slot] = last;
    last.inFlightSlot = slot;
  }

  /** Aborts every entry with `reason`, and forgets them all. */
  abortAll(reason: unknown): void {
    for (const entry of this.#entries.splice(0)) {
      entry.inFlightSlot = -1;
      entry.cancel.abort(reason);
    }
  }
}
