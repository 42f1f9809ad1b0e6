import type { MemoryCacheStore } from './cache-store.js';
import type { CacheMode } from './options.js';

// What the client's first chunk and the response cache (`cache.ts`, loaded with `import()` by
// `cache-loader.ts`) hand each other.

/** What a call found in the cache before fetching (see `ResponseCache.visit`). */
export interface CacheVisit {
  /** A fresh result to serve instead of fetching. */
  hit: Record<string, unknown> | undefined;
  partition: string;
  /** The invalidation count when the call looked (see `ResponseCache.epoch`). */
  epoch: number;
}

/**
 * The response cache as the client's cache step, probe and listens use it (see `ResponseCache`).
 * `primary` is the `uri` of a read, the `cursor` of a page, `undefined` for a call without either.
 */
export interface CacheAccess {
  visit(
    method: string,
    primary: string | undefined,
    version: string,
    mode: CacheMode,
  ): Promise<CacheVisit | undefined>;
  keep(
    method: string,
    primary: string | undefined,
    version: string,
    result: { resultType: string },
    visit: CacheVisit,
  ): Promise<void>;
  /** A change notification arrived on a listen: drops what it makes stale (C-36). */
  observe(notification: { method: string; params?: unknown }): void;
  /** Drops every cached page of `method`: the server refused a cursor of it. */
  dropPages(method: string): Promise<void>;
}

/**
 * The values of the first chunk the cache uses, handed in so that its own chunk imports nothing from
 * it: a bundler would otherwise cut the modules they share out of the first chunk into one more.
 */
export interface CacheKit {
  MemoryCacheStore: typeof MemoryCacheStore;
}
