import type { SessionRecord } from '@mcpkit/server';

/** Sessions kept at most; the oldest goes first. */
const MAX_ENTRIES = 1024;

interface Entry {
  readonly record: SessionRecord;
  readonly until: number;
}

/**
 * The 2025 sessions this instance read or wrote lately, reused for `ms` milliseconds without a
 * Redis round trip. A change or end of a session on any instance drops its entry (pub/sub, see
 * `RedisSessionStore`), and a read that overlapped such a drop is not kept. Entries are reused only
 * while `live()` says those messages can arrive (the subscriber is connected); a reconnect drops
 * them all. So an entry is stale only if a message is lost, and then for `ms` at most.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private live: () => boolean = () => false;

  constructor(
    private readonly ms: number,
    private readonly now: () => number,
  ) {}

  /** Starts reusing entries while `live()`; until then every read goes to Redis. */
  watch(live: () => boolean): void {
    this.live = live;
  }

  get(id: string): SessionRecord | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.until > this.now() && this.live()) return entry.record;
    this.entries.delete(id);
    return undefined;
  }

  /** Taken before a read or write: `keep` ignores what it returns if an entry was dropped since. */
  mark(): number {
    return this.generation;
  }

  keep(record: SessionRecord, mark: number): void {
    if (this.ms === 0 || mark !== this.generation || !this.live()) return;
    this.entries.delete(record.id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(record.id, { record, until: this.now() + this.ms });
  }

  drop(id: string): void {
    this.generation++;
    this.entries.delete(id);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
