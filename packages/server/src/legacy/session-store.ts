import type { ClientCapabilities, Implementation, LoggingLevel } from '@mcpkit/protocol';

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
  /** Stores a new session; resolves `false` when the store is full and refuses it. */
  create(session: SessionRecord): Promise<boolean>;
  /** The session, or `undefined` when unknown, expired or ended. Counts as use (refreshes a TTL). */
  get(id: string): Promise<SessionRecord | undefined>;
  /** Writes back a session after `logging/setLevel` or a subscription changed it. */
  update(session: SessionRecord): Promise<void>;
  /** Ends a session; resolves `false` when it was not there. */
  delete(id: string): Promise<boolean>;
}

/** Options of `InMemorySessionStore`. */
export interface InMemorySessionStoreOptions {
  /** A session unused this long ends. Default 30 minutes. */
  ttlMs?: number;
  /** Live sessions at most; `initialize` beyond it is refused until one ends or expires. Default 10,000. */
  maxSessions?: number;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/**
 * The default `SessionStore`: one process, bounded by a cap on live sessions and an idle TTL, so
 * a flood of `initialize` requests cannot grow memory without limit.
 *
 * @example
 * ```ts
 * const server = new McpServer(info, { legacy: { sessionStore: new InMemorySessionStore({ ttlMs: 600_000 }) } });
 * ```
 */
export class InMemorySessionStore implements SessionStore {
  /** In order of last use, oldest first: expiry looks only at the front. */
  private readonly sessions = new Map<string, { session: SessionRecord; seen: number }>();
  private readonly ttlMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;

  constructor(options: InMemorySessionStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30 * 60_000;
    this.maxSessions = options.maxSessions ?? 10_000;
    this.now = options.now ?? Date.now;
    if (!(this.ttlMs > 0)) throw new RangeError('ttlMs must be positive');
    if (!Number.isSafeInteger(this.maxSessions) || this.maxSessions < 1)
      throw new RangeError('maxSessions must be a positive integer');
  }

  /** How many sessions are held (expired ones included until the next expiry sweep). */
  get size(): number {
    return this.sessions.size;
  }

  async create(session: SessionRecord): Promise<boolean> {
    this.expire();
    if (this.sessions.size >= this.maxSessions) return false;
    this.sessions.set(session.id, { session, seen: this.now() });
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
    if (entry !== undefined) entry.session = session;
  }

  async delete(id: string): Promise<boolean> {
    return this.sessions.delete(id);
  }

  private expire(now = this.now()): void {
    const oldest = now - this.ttlMs;
    for (const [id, entry] of this.sessions) {
      if (entry.seen > oldest) return;
      this.sessions.delete(id);
    }
  }
}
