/**
 * Remembers one-time values (DPoP proof `jti`s) until they expire. `claim` resolves `true` the
 * first time a key is claimed and `false` on any later claim before `expiresAt`. Several
 * instances behind a load balancer share one (backed by Redis `SET NX PX`, for example).
 */
export interface ReplayStore {
  claim(key: string, expiresAt: number): boolean | Promise<boolean>;
}

/**
 * An in-process `ReplayStore` with a size bound. Entries expire in the order they were added
 * (every one lives the same window), so expired ones are dropped from the front; when
 * `maxEntries` unexpired keys are held, new claims are refused rather than forgetting a key
 * that could then be replayed.
 */
export class MemoryReplayStore implements ReplayStore {
  readonly #expiries = new Map<string, number>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  claim(key: string, expiresAt: number): boolean {
    const now = this.now();
    for (const [held, expiry] of this.#expiries) {
      if (expiry > now) break;
      this.#expiries.delete(held);
    }
    const known = this.#expiries.get(key);
    if (known !== undefined && known > now) return false;
    if (this.#expiries.size >= this.maxEntries) return false;
    this.#expiries.set(key, expiresAt);
    return true;
  }
}
