/** A result kept by the response cache. */
export interface CachedResult {
  /** The decoded `complete` result. Shared with every caller it is served to: do not change it. */
  result: Record<string, unknown>;
  /** When the response arrived, in ms since the epoch; freshness counts from here (C-32). */
  receivedAt: number;
  ttlMs: number;
  cacheScope: 'public' | 'private';
}

/**
 * Where cached results live. Async, so a shared store (Redis, KV) fits; keys are opaque strings
 * and invalidation removes every key with a given prefix.
 */
export interface CacheStore {
  get(key: string): Promise<CachedResult | undefined>;
  set(key: string, entry: CachedResult): Promise<void>;
  /** Removes every entry whose key starts with `prefix`. */
  deleteByPrefix(prefix: string): Promise<void>;
}

/** Whether a cached result is still fresh: `now < receivedAt + ttlMs` (C-32). `ttlMs` 0 is never fresh. */
export function isFresh(entry: Pick<CachedResult, 'receivedAt' | 'ttlMs'>, now: number): boolean {
  return now < entry.receivedAt + entry.ttlMs;
}

/**
 * An in-memory `CacheStore` holding at most `maxEntries` results; the oldest goes first, and an
 * entry past its freshness is dropped when read.
 *
 * @example
 * ```ts
 * const client = new McpClient(transport, { cache: { store: new MemoryCacheStore({ maxEntries: 100 }) } });
 * ```
 */
export class MemoryCacheStore implements CacheStore {
  readonly #entries = new Map<string, CachedResult>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: { maxEntries?: number; now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#now = options.now ?? Date.now;
  }

  async get(key: string): Promise<CachedResult | undefined> {
    const entry = this.#entries.get(key);
    if (entry && !isFresh(entry, this.#now())) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async set(key: string, entry: CachedResult): Promise<void> {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
  }

  async deleteByPrefix(prefix: string): Promise<void> {
    for (const key of this.#entries.keys()) if (key.startsWith(prefix)) this.#entries.delete(key);
  }

  /** How many entries are held. */
  get size(): number {
    return this.#entries.size;
  }
}
