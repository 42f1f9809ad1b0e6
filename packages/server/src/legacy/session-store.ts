import type { ClientCapabilities, Implementation, LoggingLevel } from '@mcpkit/protocol';
import { utf8Length } from './session-fields.js';

/**
 * What a legacy (2025-11-25 and before) session remembers between requests, as a `SessionStore`
 * holds it: what `initialize` negotiated, and what `logging/setLevel` and `resources/subscribe`
 * set since. Plain JSON, so a shared store can hold it and another process can serve the
 * session's next request. (The client side's view of a session is `LegacySession` in
 * `@mcpkit/protocol`.)
 *
 * @example
 * ```ts
 * const record: SessionRecord | undefined = await store.get(sessionId);
 * record?.protocolVersion; // '2025-11-25'
 * ```
 */
export interface SessionRecord {
  readonly id: string;
  /** The revision negotiated by `initialize` (B-10). */
  readonly protocolVersion: string;
  /** The capabilities the client declared on `initialize`; every request of the session uses them (B-10). */
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation | undefined;
  /**
   * `auth.principal` of the request that opened the session; absent when it was opened without
   * one. Only requests of the same principal (or, when absent, only requests without one) reach
   * the session: any other is answered as if the session did not exist (404).
   */
  readonly principal?: string;
  /**
   * When `initialize` opened the session, ms since the epoch: how long it lasted is reported when
   * it ends (`sessionEnded` hooks). Absent in records stored by versions before it.
   */
  readonly openedAt?: number;
  /** Set by `logging/setLevel`; until then the server sends no log messages. */
  logLevel?: LoggingLevel;
  /** URIs named by `resources/subscribe`. */
  subscriptions: string[];
}

/**
 * Where legacy sessions live. Async, so a shared store (Redis, a database) fits: give every
 * instance behind a load balancer the same store and any of them can serve a session's next
 * request. What is not in a session (a server-to-client request awaiting its answer, an open GET
 * stream) stays in the process that holds it.
 */
export interface SessionStore {
  /**
   * Stores a new session; resolves `false` when the store refuses it: full, or its `principal`
   * holds as many sessions as it may. Count `principal` in a shared store so every instance sees
   * the same quota.
   */
  create(session: SessionRecord): Promise<boolean>;
  /** The session, or `undefined` when unknown, expired or ended. Counts as use (refreshes a TTL). */
  get(id: string): Promise<SessionRecord | undefined>;
  /** Writes back a session after `logging/setLevel` or a subscription changed it. */
  update(session: SessionRecord): Promise<void>;
  /** Ends a session; resolves `false` when it was not there. */
  delete(id: string): Promise<boolean>;
  /**
   * For a store shared by several instances: calls `listener` with the id of every session ended
   * on any instance, so each instance ends what it holds of it (its `GET` stream, its running
   * requests). Returns the function that stops listening.
   */
  onEnded?(listener: (sessionId: string) => void): () => void;
  /**
   * Calls `listener` with each session the store ended by itself, unused for its TTL, and when
   * (`expiredAt`, ms since the epoch: its last use plus the TTL), so the server ends what it holds
   * of it and its `sessionEnded` hooks hear. Returns the function that stops listening.
   */
  onExpired?(listener: (session: SessionRecord, expiredAt: number) => void): () => void;
}

/** Options of `InMemorySessionStore`. */
export interface InMemorySessionStoreOptions {
  /** A session unused this long ends. Default 30 minutes. */
  ttlMs?: number;
  /** Live sessions at most; `initialize` beyond it is refused until one ends or expires. Default 10,000. */
  maxSessions?: number;
  /**
   * Live sessions of one principal (`SessionRecord.principal`) at most, so one caller cannot fill
   * the store for everyone. Sessions opened without a principal count only towards `maxSessions`.
   * Default 100.
   */
  maxSessionsPerPrincipal?: number;
  /**
   * Bytes of all live sessions together at most, measured as their UTF-8 JSON. One session holds
   * a few KiB at most (see the README), so this binds only when many sessions are large.
   * Default 16 MiB.
   */
  maxSessionBytes?: number;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** The size of a session as a store holds it: its JSON, in UTF-8 bytes. */
function sizeOf(session: SessionRecord): number {
  return utf8Length(JSON.stringify(session));
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

interface Entry {
  session: SessionRecord;
  seen: number;
  bytes: number;
}

/**
 * The default `SessionStore`: one process, bounded by a cap on live sessions, a quota per
 * principal, a byte budget and an idle TTL, so a flood of `initialize` requests cannot grow
 * memory without limit nor lock other callers out.
 *
 * @example
 * ```ts
 * const sessionStore = new InMemorySessionStore({ ttlMs: 600_000, maxSessionsPerPrincipal: 20 });
 * const server = new McpServer(info, { legacy: { sessionStore } });
 * ```
 */
export class InMemorySessionStore implements SessionStore {
  /** In order of last use, oldest first: expiry looks only at the front. */
  private readonly sessions = new Map<string, Entry>();
  /** Live sessions of each principal that has some. */
  private readonly perPrincipal = new Map<string, number>();
  private heldBytes = 0;
  private readonly expiredListeners = new Set<(session: SessionRecord, expiredAt: number) => void>();
  private readonly ttlMs: number;
  private readonly maxSessions: number;
  private readonly maxPerPrincipal: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: InMemorySessionStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30 * 60_000;
    if (!(this.ttlMs > 0)) throw new RangeError('ttlMs must be positive');
    this.maxSessions = positive('maxSessions', options.maxSessions ?? 10_000);
    this.maxPerPrincipal = positive('maxSessionsPerPrincipal', options.maxSessionsPerPrincipal ?? 100);
    this.maxBytes = positive('maxSessionBytes', options.maxSessionBytes ?? 16 * 1024 * 1024);
    this.now = options.now ?? Date.now;
  }

  /** How many sessions are held (expired ones included until the next expiry sweep). */
  get size(): number {
    return this.sessions.size;
  }

  /** The UTF-8 JSON bytes of the sessions held (expired ones included until the next sweep). */
  get bytes(): number {
    return this.heldBytes;
  }

  async create(session: SessionRecord): Promise<boolean> {
    this.expire();
    const bytes = sizeOf(session);
    const { principal } = session;
    const ofPrincipal = principal === undefined ? 0 : (this.perPrincipal.get(principal) ?? 0);
    if (
      this.sessions.size >= this.maxSessions ||
      ofPrincipal >= this.maxPerPrincipal ||
      this.heldBytes + bytes > this.maxBytes
    ) {
      return false;
    }
    this.sessions.set(session.id, { session, seen: this.now(), bytes });
    this.heldBytes += bytes;
    if (principal !== undefined) this.perPrincipal.set(principal, ofPrincipal + 1);
    return true;
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const now = this.now();
    this.expire(now);
    const entry = this.sessions.get(id);
    if (entry === undefined) return undefined;
    this.sessions.delete(id);
    entry.seen = now;
    this.sessions.set(id, entry);
    return entry.session;
  }

  async update(session: SessionRecord): Promise<void> {
    const entry = this.sessions.get(session.id);
    if (entry === undefined) return;
    const bytes = sizeOf(session);
    this.heldBytes += bytes - entry.bytes;
    entry.session = session;
    entry.bytes = bytes;
  }

  async delete(id: string): Promise<boolean> {
    const entry = this.sessions.get(id);
    if (entry === undefined) return false;
    this.forget(id, entry);
    return true;
  }

  onExpired(listener: (session: SessionRecord, expiredAt: number) => void): () => void {
    const entry = (session: SessionRecord, expiredAt: number) => listener(session, expiredAt);
    this.expiredListeners.add(entry);
    return () => {
      this.expiredListeners.delete(entry);
    };
  }

  private forget(id: string, entry: Entry): void {
    this.sessions.delete(id);
    this.heldBytes -= entry.bytes;
    const { principal } = entry.session;
    if (principal === undefined) return;
    const left = (this.perPrincipal.get(principal) ?? 1) - 1;
    if (left === 0) this.perPrincipal.delete(principal);
    else this.perPrincipal.set(principal, left);
  }

  private expire(now = this.now()): void {
    const oldest = now - this.ttlMs;
    for (const [id, entry] of this.sessions) {
      if (entry.seen > oldest) return;
      this.forget(id, entry);
      for (const listener of this.expiredListeners) listener(entry.session, entry.seen + this.ttlMs);
    }
  }
}
