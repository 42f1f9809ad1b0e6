import type { SessionRecord, SessionStore } from '@mcpkit/server';
import { type RedisLink, script } from './link.js';
import { SessionCache } from './session-cache.js';
import { ExpirySweep, SESSION_LUA } from './session-expiry.js';
import { SessionNotices } from './session-notices.js';

/** Options of the session store (`RedisClusterOptions.sessions`), as `InMemorySessionStore`'s. */
export interface RedisSessionOptions {
  /** A session unused this long ends, on every instance. Default 30 minutes. */
  ttlMs?: number;
  /** Live sessions at most, over all instances. Default 10,000. */
  maxSessions?: number;
  /** Live sessions of one principal at most. Default 100. */
  maxSessionsPerPrincipal?: number;
  /** UTF-8 JSON bytes of all live sessions together at most. Default 16 MiB. */
  maxSessionBytes?: number;
  /**
   * How long an instance reuses a session it read or wrote without asking Redis again (at most a
   * quarter of `ttlMs`). A change or `DELETE` on another instance reaches it at once over pub/sub;
   * this bounds how stale a session can be served if that message is lost, or while Redis stops
   * answering. `0` reads Redis on every request. Default 1,000 ms.
   */
  cacheMs?: number;
  /**
   * How often an instance looks for sessions that expired, to report each (`sessionEnded` hooks,
   * `mcp.server.session.duration`) once over all instances; at most `ttlMs`. Default 30,000 ms.
   */
  sweepMs?: number;
}

// Every script gets the prefix as ARGV[1] and the clock as ARGV[2]; the keys it derives:
// <p>:session:<id> (the record, kept `keep` ms), <p>:sessions (id -> expiry), <p>:session-bytes and
// <p>:session-owner (id -> size, principal), <p>:session-total (bytes held),
// <p>:principal-sessions:<principal> (id -> expiry). See SESSION_LUA.

// ARGV: prefix, now, id, record, bytes, principal or '', ttl, max, max per principal, max bytes, keep.
// Returns 1 (created) or 0 (refused), then what it claimed of the expired sessions (see SESSION_LUA).
const CREATE = script(`${SESSION_LUA}
local p, now, id = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local claimed = claim_expired(p, now, 1000)
local function done(created) table.insert(claimed, 1, created) return claimed end
local owner, bytes, ttl = ARGV[6], tonumber(ARGV[5]), tonumber(ARGV[7])
if redis.call('ZCARD', p .. ':sessions') >= tonumber(ARGV[8]) then return done(0) end
if owner ~= '' then
  local mine = p .. ':principal-sessions:' .. owner
  redis.call('ZREMRANGEBYSCORE', mine, '-inf', now)
  if redis.call('ZCARD', mine) >= tonumber(ARGV[9]) then return done(0) end
  redis.call('ZADD', mine, now + ttl, id)
  redis.call('HSET', p .. ':session-owner', id, owner)
end
if tonumber(redis.call('GET', p .. ':session-total') or '0') + bytes > tonumber(ARGV[10]) then
  if owner ~= '' then redis.call('ZREM', p .. ':principal-sessions:' .. owner, id) redis.call('HDEL', p .. ':session-owner', id) end
  return done(0)
end
redis.call('SET', p .. ':session:' .. id, ARGV[4], 'PX', ARGV[11])
redis.call('ZADD', p .. ':sessions', now + ttl, id)
redis.call('HSET', p .. ':session-bytes', id, bytes)
redis.call('INCRBY', p .. ':session-total', bytes)
return done(1)
`);

// ARGV: prefix, now, id, ttl, keep. Reads a live session's record and refreshes its expiry.
const GET = script(`${SESSION_LUA}
local p, now, id, ttl = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
if not live(p, id, now) then return false end
local record = redis.call('GET', p .. ':session:' .. id)
if not record then return false end
redis.call('PEXPIRE', p .. ':session:' .. id, ARGV[5])
redis.call('ZADD', p .. ':sessions', 'XX', now + ttl, id)
local owner = redis.call('HGET', p .. ':session-owner', id)
if owner then redis.call('ZADD', p .. ':principal-sessions:' .. owner, 'XX', now + ttl, id) end
return record
`);

// ARGV: prefix, now, id, record, bytes, channel, notice. Tells every instance; returns how many
// heard it (at least 1: the caller's own subscriber), or 0 when the session was not there.
const UPDATE = script(`${SESSION_LUA}
local p, id, bytes = ARGV[1], ARGV[3], tonumber(ARGV[5])
local key = p .. ':session:' .. id
if not live(p, id, tonumber(ARGV[2])) or redis.call('EXISTS', key) == 0 then return 0 end
redis.call('SET', key, ARGV[4], 'KEEPTTL')
local old = tonumber(redis.call('HGET', p .. ':session-bytes', id) or '0')
redis.call('HSET', p .. ':session-bytes', id, bytes)
redis.call('INCRBY', p .. ':session-total', bytes - old)
return math.max(1, redis.call('PUBLISH', ARGV[6], ARGV[7]))
`);

// ARGV: prefix, now, id, channel, notice. Ends the session and tells every instance; returns how
// many heard it (at least 1: the caller's own subscriber), or 0 when the session was not there.
const DELETE = script(`${SESSION_LUA}
local p, id = ARGV[1], ARGV[3]
if not live(p, id, tonumber(ARGV[2])) or forget(p, id) == 0 then return 0 end
return math.max(1, redis.call('PUBLISH', ARGV[4], ARGV[5]))
`);

function positive(name: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`sessions.${name} must be a positive integer`);
  return String(value);
}

/**
 * A `SessionStore` on Redis: every instance sees every session, so any instance serves a 2025
 * session's next request. A session expires `ttlMs` after its last use (each `get` refreshes it),
 * and `onExpired` reports it on one instance only; the caps count over all instances, in one
 * script per change, so two instances cannot both take the last place. `delete` ends the session everywhere and is announced on
 * `<prefix>:session-ended`, so instances holding its `GET` stream close it; `update` is announced
 * on `<prefix>:session-changed`. An instance reuses a session it read lately (`cacheMs`), so a
 * session's requests cost no round trip most of the time: both announcements drop it.
 */
export class RedisSessionStore implements SessionStore {
  private readonly ttl: string;
  /** How long a record stays in Redis after its last use: past its TTL, until a sweep claims it. */
  private readonly keep: string;
  private readonly limits: readonly string[];
  private readonly endedListeners = new Set<(sessionId: string) => void>();
  private readonly cache: SessionCache;
  private readonly notices: SessionNotices;
  private readonly expiry: ExpirySweep;
  readonly endedChannel: string;
  readonly changedChannel: string;

  constructor(
    private readonly link: RedisLink,
    instanceId: string,
    options: RedisSessionOptions = {},
    onError: (error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    const ttlMs = options.ttlMs ?? 30 * 60_000;
    this.ttl = positive('ttlMs', ttlMs);
    const sweepMs = Math.min(Number(positive('sweepMs', options.sweepMs ?? 30_000)), ttlMs);
    this.keep = String(2 * ttlMs);
    this.expiry = new ExpirySweep(link, sweepMs, now, onError);
    this.limits = [
      positive('maxSessions', options.maxSessions ?? 10_000),
      positive('maxSessionsPerPrincipal', options.maxSessionsPerPrincipal ?? 100),
      positive('maxSessionBytes', options.maxSessionBytes ?? 16 * 1024 * 1024),
    ];
    this.endedChannel = link.key('session-ended');
    this.changedChannel = link.key('session-changed');
    const cacheMs = options.cacheMs ?? 1000;
    if (!Number.isSafeInteger(cacheMs) || cacheMs < 0)
      throw new RangeError('sessions.cacheMs must be a non-negative integer');
    const reuseMs = Math.min(cacheMs, Math.floor(ttlMs / 4));
    this.cache = new SessionCache(reuseMs, now);
    this.notices = new SessionNotices(link, instanceId, reuseMs);
  }

  /** Where instances acknowledge the notices this one sent: hand its messages to `acknowledged`. */
  get acksChannel(): string {
    return this.notices.inbox;
  }

  /** A message of `acksChannel`. */
  acknowledged(key: string): void {
    this.notices.acknowledged(key);
  }

  /**
   * Starts reusing sessions read lately while `live()` says the announcements on `endedChannel`
   * and `changedChannel` reach `ended` and `changed` (the subscriber is connected).
   */
  watch(live: () => boolean): void {
    this.cache.watch(live);
  }

  /** Forgets every session reused: announcements may have been missed (the subscriber reconnects). */
  forgetCached(): void {
    this.cache.clear();
  }

  /** A message of `changedChannel`: a session changed on some instance. */
  changed(notice: string): void {
    this.cache.drop(this.notices.heard(notice));
  }

  async create(session: SessionRecord): Promise<boolean> {
    const text = JSON.stringify(session);
    const args = [
      ...this.head(session.id),
      text,
      String(Buffer.byteLength(text)),
      session.principal ?? '',
      this.ttl,
      ...this.limits,
      this.keep,
    ];
    const mark = this.cache.mark();
    const [created, ...claimed] = await this.link.run<unknown[]>(CREATE, [], args);
    if (created === 1) this.cache.keep(session, mark);
    this.expiry.report(claimed);
    return created === 1;
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const cached = this.cache.get(id);
    if (cached !== undefined) return cached;
    const mark = this.cache.mark();
    const text = await this.link.run<string | null>(GET, [], [...this.head(id), this.ttl, this.keep]);
    if (text === null) return undefined;
    const session = JSON.parse(text) as SessionRecord;
    this.cache.keep(session, mark);
    return session;
  }

  /** Stores the change; resolves once every instance heard it (or could no longer reuse the old one). */
  async update(session: SessionRecord): Promise<void> {
    const text = JSON.stringify(session);
    const head = [...this.head(session.id), text, String(Buffer.byteLength(text)), this.changedChannel];
    this.cache.drop(session.id);
    await this.notices.announce(session.id, (notice) => this.link.run<number>(UPDATE, [], [...head, notice]));
  }

  /** Ends the session; resolves once every instance heard it (or could no longer reuse it anyway). */
  async delete(id: string): Promise<boolean> {
    this.cache.drop(id);
    const head = [...this.head(id), this.endedChannel];
    return (
      (await this.notices.announce(id, (notice) => this.link.run<number>(DELETE, [], [...head, notice]))) > 0
    );
  }

  onEnded(listener: (sessionId: string) => void): () => void {
    const entry = (sessionId: string) => listener(sessionId);
    this.endedListeners.add(entry);
    return () => {
      this.endedListeners.delete(entry);
    };
  }

  /**
   * Calls `listener` with each session that expired (unused for `ttlMs`), once over all instances:
   * the instance whose sweep or `create` found it expired reports it. Every instance announces it
   * ended on `endedChannel` too, so each ends what it holds of it.
   */
  onExpired(listener: (session: SessionRecord, expiredAt: number) => void): () => void {
    return this.expiry.listen(listener);
  }

  /** Stops looking for expired sessions (the cluster closes). */
  stop(): void {
    this.expiry.stop();
  }

  /** A message of `endedChannel`: a session ended on some instance. */
  ended(notice: string): void {
    const sessionId = this.notices.heard(notice);
    this.cache.drop(sessionId);
    for (const listener of [...this.endedListeners]) listener(sessionId);
  }

  private head(id: string): string[] {
    return [this.link.prefix, String(this.now()), id];
  }
}
