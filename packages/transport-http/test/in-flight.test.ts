import { describe, expect, it } from 'vitest';
import { type InFlight, InFlightList } from '../src/client/in-flight.js';

class Entry implements InFlight {
  inFlightSlot = -1;
  reasons: unknown[] = [];
  readonly cancel = { abort: (reason: unknown) => this.reasons.push(reason) };
}

function entries(count: number): Entry[] {
  return Array.from({ length: count }, () => new Entry());
}

describe('InFlightList', () => {
  it('aborts every entry still in the list, once, with the reason, and then holds none', () => {
    const list = new InFlightList();
    const [first, middle, last, gone] = entries(4) as [Entry, Entry, Entry, Entry];
    for (const entry of [first, middle, gone, last]) list.add(entry);
    list.delete(gone);
    list.abortAll('closed');
    expect([first, middle, last].map((entry) => entry.reasons)).toEqual([['closed'], ['closed'], ['closed']]);
    expect(gone.reasons).toEqual([]);
    list.abortAll('again');
    expect(first.reasons).toEqual(['closed']);
  });

  it('an entry deleted from any slot, even twice, is not aborted and the others all are', () => {
    for (const position of [0, 1, 2, 3]) {
      const list = new InFlightList();
      const all = entries(4);
      for (const entry of all) list.add(entry);
      const deleted = all[position]!;
      list.delete(deleted);
      list.delete(deleted);
      list.add(new Entry());
      list.abortAll('closed');
      expect(all.map((entry) => entry.reasons.length)).toEqual(
        all.map((entry) => (entry === deleted ? 0 : 1)),
      );
    }
  });

  it('deleting an entry that was never added, or after abortAll, changes nothing', () => {
    const list = new InFlightList();
    const [kept, stranger, later] = entries(3) as [Entry, Entry, Entry];
    list.add(kept);
    list.delete(stranger);
    list.abortAll('closed');
    list.delete(kept);
    list.add(later);
    list.abortAll('again');
    expect([kept.reasons, later.reasons]).toEqual([['closed'], ['again']]);
  });
});
