const encoder = new TextEncoder();

/** A SHA-256 digest of a token, base64url: cache keys that hold no usable token. */
export async function tokenDigest(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(token)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A small map with expiring entries and a size bound: inserting past `maxEntries` drops the
 * entry that was inserted first, so memory stays bounded whatever callers send.
 */
export class ExpiringMap<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, expiresAt: number): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt });
  }
}
