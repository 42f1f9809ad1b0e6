import type { CacheAccess, CacheKit, CacheVisit } from './cache-contract.js';
import { MemoryCacheStore } from './cache-store.js';
import { loadLazyCode } from './lazy-code-loader.js';
import type { CacheMode, McpClientOptions } from './options.js';

const KIT: CacheKit = { MemoryCacheStore };

/**
 * The response cache a client's options ask for (an in-memory store by default), whose code loads
 * (`import()`) when the client first uses it, in the chunk of `lazy-code.ts`, out of the first
 * one. `undefined` for `cache: false`. Code that cannot load is a cache failure (`onError`):
 * calls go on without the cache, and the next use tries again.
 */
export function lazyClientCache(
  options: Pick<McpClientOptions, 'cache' | 'now'>,
  onError: (error: unknown) => void,
): CacheAccess | undefined {
  return options.cache === false ? undefined : new LazyCache(options, onError);
}

/**
 * The cache until its code loaded. With its own in-memory store and a fixed partition, a client has
 * nothing cached before then, so a call does not wait for the code to send its request: the code
 * loads while the request is out, and what the call fetched is kept once it has, as fetched at the
 * first epoch (so not at all when any invalidation came first, C-36). With a store of the
 * application's, or a partition that must be asked, the call waits for the code before it looks.
 */
class LazyCache implements CacheAccess {
  readonly #options: Pick<McpClientOptions, 'cache' | 'now'>;
  readonly #onError: (error: unknown) => void;
  /** The partition of every early visit, when nothing can be cached before the code loads. */
  readonly #earlyPartition: string | undefined;
  #cache: CacheAccess | undefined;
  #loading: Promise<CacheAccess | undefined> | undefined;

  constructor(options: Pick<McpClientOptions, 'cache' | 'now'>, onError: (error: unknown) => void) {
    this.#options = options;
    this.#onError = onError;
    const cache = options.cache || undefined;
    const partition = cache?.partition ?? '';
    if (cache?.store === undefined && typeof partition === 'string') this.#earlyPartition = partition;
  }

  #load(): Promise<CacheAccess | undefined> {
    this.#loading ??= loadLazyCode().then(
      ({ clientCache }) => {
        this.#cache = clientCache(this.#options, this.#onError, KIT);
        return this.#cache;
      },
      (error: unknown) => {
        this.#loading = undefined;
        this.#onError(error);
        return undefined;
      },
    );
    return this.#loading;
  }

  async visit(
    method: string,
    primary: string | undefined,
    version: string,
    mode: CacheMode,
  ): Promise<CacheVisit | undefined> {
    if (this.#cache) return this.#cache.visit(method, primary, version, mode);
    if (this.#earlyPartition === undefined)
      return (await this.#load())?.visit(method, primary, version, mode);
    void this.#load();
    return mode === 'bypass' ? undefined : { hit: undefined, partition: this.#earlyPartition, epoch: 0 };
  }

  async keep(
    method: string,
    primary: string | undefined,
    version: string,
    result: { resultType: string },
    visit: CacheVisit,
  ): Promise<void> {
    // An early visit's result: its code has been loading while the request was out.
    await (this.#cache ?? (await this.#load()))?.keep(method, primary, version, result, visit);
  }

  observe(notification: { method: string; params?: unknown }): void {
    if (this.#cache) this.#cache.observe(notification);
    else void this.#load().then((cache) => cache?.observe(notification));
  }

  async dropPages(method: string): Promise<void> {
    await (await this.#load())?.dropPages(method);
  }
}
