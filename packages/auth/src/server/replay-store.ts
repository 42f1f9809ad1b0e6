/**
 * Remembers one-time values (DPoP proof `jti`s) until they expire. `claim` resolves `true` the
 * first time a key is claimed and `false` on any later claim before `expiresAt`. Several
 * instances behind a load balancer share one (backed by Redis `SET NX PX`, for example).
 *
 * `owner` names who presented the value (the access token's principal), so a store can bound
 * how many unexpired keys one caller holds: a shared store counts per owner as it counts in all
 * (a counter per owner with the same expiry, for example). A store that ignores it stays correct,
 * only without that fairness.
 */
export interface ReplayStore {
  claim(key: string, expiresAt: number, owner?: string): boolean | Promise<boolean>;
}

/** Options of `MemoryReplayStore`. */
export interface MemoryReplayStoreOptions {
  /** Unexpired keys held at most; beyond, claims are refused. Default 100,000. */
  maxEntries?: number;
  /**
   * Unexpired keys of one owner held at most, so one caller sending proofs as fast as it can
   * cannot fill the store and have everyone else's proofs refused; keys claimed without an owner
   * count only towards `maxEntries`. Default 10,000 (over a 65 s window, about 150 proofs a second).
   */
  maxEntriesPerPrincipal?: number;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * An in-process `ReplayStore` with a size bound and a quota per owner. Entries expire in the
 * order they were added (every one lives the same window), so expired ones are dropped from the
 * front; when `maxEntries` unexpired keys are held, or `maxEntriesPerPrincipal` of one owner, new
 * claims are refused rather than forgetting a key that could then be replayed.
 *
 * @example
 * ```ts
 * tokenAuthenticator({ verifier, dpop: { replayStore: new MemoryReplayStore({ maxEntriesPerPrincipal: 1000 }) } });
 * ```
 */
export class MemoryReplayStore implements ReplayStore {
  readonly #entries = new Map<string, { expiry: number; owner: string | undefined }>();
  readonly #perOwner = new Map<string, number>();
  readonly #maxEntries: number;
  readonly #maxPerOwner: number;
  readonly #now: () => number;

  /** `new MemoryReplayStore(maxEntries, now)`, the older form, still works. */
  constructor(options: MemoryReplayStoreOptions | number = {}, now?: () => number) {
    const given = typeof options === 'number' ? { maxEntries: options, now } : options;
    this.#maxEntries = positive('maxEntries', given.maxEntries ?? 100_000);
    this.#maxPerOwner = positive('maxEntriesPerPrincipal', given.maxEntriesPerPrincipal ?? 10_000);
    this.#now = given.now ?? Date.now;
  }

  claim(key: string, expiresAt: number, owner?: string): boolean {
    const now = this.#now();
    for (const [held, entry] of this.#entries) {
      if (entry.expiry > now) break;
      this.#forget(held, entry.owner);
    }
    const known = this.#entries.get(key);
    if (known !== undefined) {
      if (known.expiry > now) return false;
      this.#forget(key, known.owner);
    }
    if (this.#entries.size >= this.#maxEntries) return false;
    const ofOwner = owner === undefined ? 0 : (this.#perOwner.get(owner) ?? 0);
    if (ofOwner >= this.#maxPerOwner) return false;
    this.#entries.set(key, { expiry: expiresAt, owner });
    if (owner !== undefined) this.#perOwner.set(owner, ofOwner + 1);
    return true;
  }

  #forget(key: string, owner: string | undefined): void {
    this.#entries.delete(key);
    if (owner === undefined) return;
    const left = (this.#perOwner.get(owner) ?? 1) - 1;
    if (left === 0) this.#perOwner.delete(owner);
    else this.#perOwner.set(owner, left);
  }
}
