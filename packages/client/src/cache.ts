import type { CacheAccess, CacheKit, CacheVisit } from './cache-contract.js';
import type { CacheStore } from './cache-store.js';
import type { CacheMode, McpClientOptions } from './options.js';

// Loaded with `import()` once a client has a result to keep or a store of the application's to read
// (`cache-loader.ts`), in the chunk of `lazy-code.ts`. It imports nothing from the client's
// first chunk at run time (see `CacheKit`).

const PUBLIC_PARTITION = '*';

/**
 * The prefix shared by every cached result of `method` whose result-affecting parameter is
 * `primary` (the `uri` of a read, the `cursor` of a page); without `primary`, every result of
 * `method`. Keys are `method`, `primary`, version and partition, one per line.
 */
export function cachePrefix(method: string, primary?: string): string {
  return primary === undefined ? `${method}\n` : `${method}\n${primary}\n`;
}

/**
 * The cache-key part for a `cursor` or `uri`: absent and `""` differ, since an empty cursor is
 * a cursor (P-67, C-30).
 */
export function primaryKey(value: string | undefined): string {
  return value === undefined ? '-' : JSON.stringify(value);
}

/** The cache prefixes a change notification makes stale (C-36). */
function stalePrefixes(notification: { method: string; params?: unknown }): string[] {
  switch (notification.method) {
    case 'notifications/tools/list_changed':
      return [cachePrefix('tools/list')];
    case 'notifications/prompts/list_changed':
      return [cachePrefix('prompts/list')];
    case 'notifications/resources/list_changed':
      return [cachePrefix('resources/list'), cachePrefix('resources/templates/list')];
    case 'notifications/resources/updated': {
      const uri = (notification.params as { uri?: unknown } | undefined)?.uri;
      return typeof uri === 'string' ? [cachePrefix('resources/read', primaryKey(uri))] : [];
    }
    default:
      return [];
  }
}

/**
 * The client's response cache over a store (C-30..C-37): keyed by method, the result-affecting
 * parameter and the protocol version; private results are partitioned by authorization context,
 * public ones shared. A result fetched while an invalidation happened is not stored, so a change
 * notification can never be overtaken by the response it made stale.
 */
export class ResponseCache implements CacheAccess {
  readonly #store: CacheStore;
  readonly #partition: string | (() => string | Promise<string>);
  readonly #now: () => number;
  readonly #onError: (error: unknown) => void;
  #invalidations = 0;

  constructor(
    store: CacheStore,
    partition: string | (() => string | Promise<string>),
    now: () => number,
    onError: (error: unknown) => void,
  ) {
    this.#store = store;
    this.#partition = partition;
    this.#now = now;
    this.#onError = onError;
  }

  /** A counter that changes on every invalidation; pass it back to `store`. */
  get epoch(): number {
    return this.#invalidations;
  }

  async #partitionName(): Promise<string> {
    return typeof this.#partition === 'string' ? this.#partition : await this.#partition();
  }

  /**
   * The fresh cached result for this request, private partition first, else `undefined`.
   * `partition` defaults to the current one.
   */
  async lookup(
    method: string,
    primary: string,
    version: string,
    partition?: string,
  ): Promise<Record<string, unknown> | undefined> {
    try {
      const base = `${cachePrefix(method, primary)}${version}\n`;
      const now = this.#now();
      const privateKey = `${base}${partition ?? (await this.#partitionName())}`;
      for (const key of [privateKey, `${base}${PUBLIC_PARTITION}`]) {
        const entry = await this.#store.get(key);
        // Fresh as `isFresh` says (C-32), written out so that this chunk imports nothing.
        if (entry && now < entry.receivedAt + entry.ttlMs) return entry.result;
      }
    } catch (error) {
      this.#onError(error);
    }
    return undefined;
  }

  /**
   * Stores a `complete` result received now, unless no invalidation may be missed: nothing is
   * stored when an invalidation happened since `epoch`, or when the result is stale already.
   * A private result goes to `partition`, by default the current one.
   */
  async store(
    method: string,
    primary: string,
    version: string,
    result: Record<string, unknown>,
    epoch: number,
    partition?: string,
  ): Promise<void> {
    const ttlMs = result.ttlMs as number;
    if (epoch !== this.#invalidations || !(ttlMs > 0)) return;
    const receivedAt = this.#now();
    const cacheScope = result.cacheScope === 'public' ? 'public' : 'private';
    try {
      const owner = cacheScope === 'public' ? PUBLIC_PARTITION : (partition ?? (await this.#partitionName()));
      const key = `${cachePrefix(method, primary)}${version}\n${owner}`;
      await this.#store.set(key, { result, receivedAt, ttlMs, cacheScope });
    } catch (error) {
      this.#onError(error);
    }
  }

  /**
   * What a call finds before it fetches, by `mode` (see `CacheMode`): a fresh `hit` to serve
   * without fetching, or the partition and epoch to `keep` the fetched result under. `primary` is
   * the `uri` of a read or the `cursor` of a page (see `primaryKey`). The partition
   * is the one current when the request is sent: a private result is filed under the
   * authorization context it was fetched with, even if that changes before it arrives (C-35).
   * `undefined`: fetch without the cache (`bypass`, or the partition cannot be told).
   */
  async visit(
    method: string,
    primary: string | undefined,
    version: string,
    mode: CacheMode,
  ): Promise<CacheVisit | undefined> {
    if (mode === 'bypass') return undefined;
    let partition: string;
    try {
      partition = await this.#partitionName();
    } catch (error) {
      this.#onError(error);
      return undefined;
    }
    const hit =
      mode === 'use' ? await this.lookup(method, primaryKey(primary), version, partition) : undefined;
    return { hit, partition, epoch: this.#invalidations };
  }

  /**
   * Stores what a call fetched after `visit`, when it is a `complete` result, under the version
   * of the request that was answered (C-30): a `-32022` retry or a concurrent switch may have made
   * it another than the one looked up.
   */
  async keep(
    method: string,
    primary: string | undefined,
    version: string,
    result: { resultType: string },
    visit: CacheVisit,
  ): Promise<void> {
    if (result.resultType !== 'complete') return;
    const stored = result as unknown as Record<string, unknown>;
    await this.store(method, primaryKey(primary), version, stored, visit.epoch, visit.partition);
  }

  /** A change notification arrived on a listen: drops what it makes stale (C-36). */
  observe(notification: { method: string; params?: unknown }): void {
    for (const prefix of stalePrefixes(notification)) void this.invalidate(prefix);
  }

  /** Drops every cached page of `method`: the server refused a cursor of it. */
  async dropPages(method: string): Promise<void> {
    await this.invalidate(cachePrefix(method));
  }

  /** Drops every result under `prefix` (see `cachePrefix`), in every partition (C-36). */
  async invalidate(prefix: string): Promise<void> {
    this.#invalidations++;
    try {
      await this.#store.deleteByPrefix(prefix);
    } catch (error) {
      this.#onError(error);
    }
  }
}

/** The response cache a client's options ask for (an in-memory store by default); `undefined` for `cache: false`. */
export function clientCache(
  options: Pick<McpClientOptions, 'cache' | 'now'>,
  onError: (error: unknown) => void,
  kit: CacheKit,
): ResponseCache | undefined {
  if (options.cache === false) return undefined;
  const now = options.now ?? Date.now;
  const store = options.cache?.store ?? new kit.MemoryCacheStore({ now });
  return new ResponseCache(store, options.cache?.partition ?? '', now, onError);
}
