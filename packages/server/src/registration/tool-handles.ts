import type { AuthInfo } from '@mcpkit/protocol';
import { clipForMessage } from '@mcpkit/protocol/internal';
import { toBase64url } from '../encoding/base64url.js';

/** What a handle points to, as stored. */
export interface HandleRecord<T> {
  value: T;
  /** The principal that created the handle; `null` when the caller was anonymous. */
  principal: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Where handles live. Async, so a shared store (Redis, a database) lets every server instance
 * resolve every handle. `set` and `replace` may use `record.expiresAt` as the store's own expiry.
 */
export interface HandleStore<T> {
  get(id: string): Promise<HandleRecord<T> | undefined>;
  /** Stores a new record. */
  set(id: string, record: HandleRecord<T>): Promise<void>;
  /**
   * Writes over the record of `id` only if there still is one (Redis `SET … XX`), in one atomic
   * step, and answers whether it did: a handle released meanwhile must stay released.
   */
  replace(id: string, record: HandleRecord<T>): Promise<boolean>;
  delete(id: string): Promise<void>;
}

/** Records the in-memory store holds before its first sweep for expired ones. */
const FIRST_SWEEP_AT = 1024;

/**
 * The default store: a map in this process. Expired records are dropped when met, and swept out
 * whenever the map has doubled since the last sweep, so it never holds more than about twice the
 * live records, and storing one costs amortised constant time.
 */
export class InMemoryHandleStore<T> implements HandleStore<T> {
  private readonly records = new Map<string, HandleRecord<T>>();
  private sweepAt = FIRST_SWEEP_AT;

  constructor(private readonly now: () => number = Date.now) {}

  async get(id: string): Promise<HandleRecord<T> | undefined> {
    return this.records.get(id);
  }

  async set(id: string, record: HandleRecord<T>): Promise<void> {
    if (this.records.size >= this.sweepAt) {
      this.sweep();
      this.sweepAt = Math.max(FIRST_SWEEP_AT, 2 * this.records.size);
    }
    this.records.set(id, record);
  }

  async replace(id: string, record: HandleRecord<T>): Promise<boolean> {
    if (!this.records.has(id)) return false;
    this.records.set(id, record);
    return true;
  }

  async delete(id: string): Promise<void> {
    this.records.delete(id);
  }

  /** How many records are held. */
  get size(): number {
    return this.records.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, record] of this.records) if (record.expiresAt <= now) this.records.delete(id);
  }
}

/** Why a handle could not be used. The message tells the model what to do instead. */
export class HandleError extends Error {
  constructor(
    readonly reason: 'unknown' | 'expired',
    message: string,
  ) {
    super(message);
    this.name = 'HandleError';
  }
}

export interface ToolHandlesOptions<T> {
  /** Default: an `InMemoryHandleStore`. */
  store?: HandleStore<T>;
  /** How long a handle lives after its last use, in milliseconds. Default 30 minutes. */
  ttlMs?: number;
  /** What a handle stands for, in error messages ("cursor", "session"). Default "handle". */
  kind?: string;
  /** How to get a new handle, in error messages ("Call open_dataset again."). */
  recovery?: string;
  /** The clock, for tests. */
  now?: () => number;
}

/** Anything with the caller's identity: a handler context works. */
export interface HandleCaller {
  readonly auth: AuthInfo | undefined;
}

const HANDLE = /^h_[A-Za-z0-9_-]{43}$/;

/**
 * Opaque, high-entropy handles for state that spans tool calls (TOOLS:683-736, P-46): one call
 * creates a handle and returns it to the model, later calls pass it back as an argument. Each
 * handle is bound to the principal that created it and lives `ttlMs` after its last use. An
 * unknown, expired or someone else's handle throws a `HandleError`, which a tool handler turns
 * into a tool execution error the model can act on.
 *
 * @example
 * ```ts
 * const cursors = new ToolHandles<{ offset: number }>({ kind: 'cursor', recovery: 'Call open_dataset again.' });
 * server.tool('open_dataset', {}, async (_, ctx) => ({ structuredContent: { cursor: await cursors.create({ offset: 0 }, ctx) } }));
 * server.tool('next_rows', { inputSchema: z.object({ cursor: z.string() }) }, async ({ cursor }, ctx) => {
 *   const state = await cursors.resolve(cursor, ctx);
 *   await cursors.update(cursor, { offset: state.offset + 10 }, ctx);
 *   ...
 * });
 * ```
 */
export class ToolHandles<T> {
  readonly ttlMs: number;
  private readonly store: HandleStore<T>;
  private readonly kind: string;
  private readonly recovery: string;
  private readonly now: () => number;

  constructor(options: ToolHandlesOptions<T> = {}) {
    this.ttlMs = options.ttlMs ?? 30 * 60 * 1000;
    if (!Number.isFinite(this.ttlMs) || this.ttlMs <= 0)
      throw new RangeError('ttlMs must be a positive number');
    this.now = options.now ?? Date.now;
    this.store = options.store ?? new InMemoryHandleStore<T>(this.now);
    this.kind = options.kind ?? 'handle';
    this.recovery = options.recovery ? ` ${options.recovery}` : '';
  }

  /** Stores `value` and returns a new handle for it, bound to the caller. */
  async create(value: T, caller: HandleCaller): Promise<string> {
    const id = `h_${toBase64url(crypto.getRandomValues(new Uint8Array(32)))}`;
    await this.store.set(id, this.record(value, caller));
    return id;
  }

  /** The value behind `handle`, checking it is the caller's and alive; renews its lifetime. */
  async resolve(handle: string, caller: HandleCaller): Promise<T> {
    const record = await this.find(handle, caller);
    await this.replace(handle, { ...record, expiresAt: this.now() + this.ttlMs });
    return record.value;
  }

  /** Replaces the value behind `handle` (same checks as `resolve`). */
  async update(handle: string, value: T, caller: HandleCaller): Promise<void> {
    await this.find(handle, caller);
    await this.replace(handle, this.record(value, caller));
  }

  /** Forgets `handle` (same checks as `resolve`). */
  async release(handle: string, caller: HandleCaller): Promise<void> {
    await this.find(handle, caller);
    await this.store.delete(handle);
  }

  /** Writes over a record `find` just read, unless a `release` removed it in between. */
  private async replace(handle: string, record: HandleRecord<T>): Promise<void> {
    if (!(await this.store.replace(handle, record))) throw this.unknown(handle);
  }

  private unknown(handle: string): HandleError {
    const shown = JSON.stringify(clipForMessage(handle));
    return new HandleError('unknown', `Unknown ${this.kind} ${shown}.${this.recovery}`);
  }

  private record(value: T, caller: HandleCaller): HandleRecord<T> {
    return { value, principal: caller.auth?.principal ?? null, expiresAt: this.now() + this.ttlMs };
  }

  private async find(handle: string, caller: HandleCaller): Promise<HandleRecord<T>> {
    const record = HANDLE.test(handle) ? await this.store.get(handle) : undefined;
    // Someone else's handle reads as unknown: its existence is not revealed.
    if (!record || record.principal !== (caller.auth?.principal ?? null)) {
      throw this.unknown(handle);
    }
    if (record.expiresAt <= this.now()) {
      await this.store.delete(handle);
      throw new HandleError(
        'expired',
        `The ${this.kind} ${JSON.stringify(handle)} has expired.${this.recovery}`,
      );
    }
    return record;
  }
}
