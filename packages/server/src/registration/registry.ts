/** How many derived values a registry keeps at most. */
const MAX_DERIVED = 64;

/**
 * An ordered set of named entries, in registration order (S-15). Every entry has a sequence
 * number that never changes while it stays registered, so a page cursor ("after sequence n")
 * keeps working when other entries come and go.
 */
export class Registry<E> {
  private readonly entries = new Map<string, { seq: number; entry: E }>();
  private nextSeq = 1;
  private snapshot: Array<{ seq: number; entry: E }> | undefined;
  /** Values computed from the entries as they are now; dropped at every change. */
  private derivedValues: Map<string, unknown> | undefined;

  constructor(private readonly onChange: () => void = () => {}) {}

  get(key: string): E | undefined {
    return this.entries.get(key)?.entry;
  }

  /** Adds `entry` at the end; throws when `key` is taken. */
  add(key: string, entry: E): void {
    if (this.entries.has(key)) throw new TypeError(`${JSON.stringify(key)} is already registered`);
    this.entries.set(key, { seq: this.nextSeq++, entry });
    this.changed();
  }

  /** Replaces the entry under `key`, keeping its place. */
  replace(key: string, entry: E): void {
    const slot = this.entries.get(key);
    if (!slot) throw new TypeError(`${JSON.stringify(key)} is not registered`);
    slot.entry = entry;
    this.changed();
  }

  delete(key: string): boolean {
    const deleted = this.entries.delete(key);
    if (deleted) this.changed();
    return deleted;
  }

  /** Every entry, in order. */
  values(): E[] {
    return this.ordered().map((slot) => slot.entry);
  }

  /**
   * Up to `size` entries registered after sequence `after` (0 for the first page), and the
   * sequence to continue from when more remain.
   */
  page(after: number, size: number): { items: E[]; next: number | undefined } {
    const ordered = this.ordered();
    let start = 0;
    while (start < ordered.length && ordered[start]!.seq <= after) start++;
    const slice = ordered.slice(start, start + size);
    const more = start + size < ordered.length;
    return { items: slice.map((slot) => slot.entry), next: more ? slice[slice.length - 1]!.seq : undefined };
  }

  /**
   * `compute()`, kept under `key` until the entries next change. A `compute` that throws is not
   * kept, and past `MAX_DERIVED` keys new values are not kept either, so keys that come from
   * requests (page cursors) cannot grow this without bound.
   */
  derived<T>(key: string, compute: () => T): T {
    this.derivedValues ??= new Map();
    if (this.derivedValues.has(key)) return this.derivedValues.get(key) as T;
    const value = compute();
    if (this.derivedValues.size < MAX_DERIVED) this.derivedValues.set(key, value);
    return value;
  }

  private ordered(): Array<{ seq: number; entry: E }> {
    this.snapshot ??= [...this.entries.values()];
    return this.snapshot;
  }

  private changed(): void {
    this.snapshot = undefined;
    this.derivedValues = undefined;
    this.onChange();
  }
}
