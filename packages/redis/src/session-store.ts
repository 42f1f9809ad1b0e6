import type { SessionRecord, SessionStore } from '@mcpkit/server';
import { type RedisLink, script } from './link.js';

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
}

// Every script gets the prefix as ARGV[1] and the clock as ARGV[2]; the keys it derives:
// <p>:session:<id> (the record, expiring), <p>:sessions (id -> expiry), <p>:session-bytes and
// <p>:session-owner (id -> size, principal), <p>:session-total (bytes held),
// <p>:principal-sessions:<principal> (id -> expiry).
const FORGET = `
local function forget(p, id)
  local bytes = tonumber(redis.call('HGET', p .. ':session-bytes', id) or '0')
  if bytes > 0 then redis.call('DECRBY', p .. ':session-total', bytes) end
  local owner = redis.call('HGET', p .. ':session-owner', id)
  if owner then redis.call('ZREM', p .. ':principal-sessions:' .. owner, id) end
  redis.call('HDEL', p .. ':session-bytes', id)
  redis.call('HDEL', p .. ':session-owner', id)
  redis.call('ZREM', p .. ':sessions', id)
  return redis.call('DEL', p .. ':session:' .. id)
end
`;

// ARGV: prefix, now, id, record, bytes, principal or '', ttl, max, max per principal, max bytes.
const CREATE = script(`${FORGET}
local p, now, id = ARGV[1], tonumber(ARGV[2]), ARGV[3]
for _, old in ipairs(redis.call('ZRANGEBYSCORE', p .. ':sessions', '-inf', now, 'LIMIT', 0, 1000)) do forget(p, old) end
local owner, bytes, ttl = ARGV[6], tonumber(ARGV[5]), tonumber(ARGV[7])
if redis.call('ZCARD', p .. ':sessions') >= tonumber(ARGV[8]) then return 0 end
if owner ~= '' then
  local mine = p .. ':principal-sessions:' .. owner
  redis.call('ZREMRANGEBYSCORE', mine, '-inf', now)
  if redis.call('ZCARD', mine) >= tonumber(ARGV[9]) then return 0 end
  redis.call('ZADD', mine, now + ttl, id)
  redis.call('HSET', p .. ':session-owner', id, owner)
end
if tonumber(redis.call('GET', p .. ':session-total') or '0') + bytes > tonumber(ARGV[10]) then
  if owner ~= '' then redis.call('ZREM', p .. ':principal-sessions:' .. owner, id) redis.call('HDEL', p .. ':session-owner', id) end
  return 0
end
redis.call('SET', p .. ':session:' .. id, ARGV[4], 'PX', ttl)
redis.call('ZADD', p .. ':sessions', now + ttl, id)
redis.call('HSET', p .. ':session-bytes', id, bytes)
redis.call('INCRBY', p .. ':session-total', bytes)
return 1
`);

// ARGV: prefix, now, id, ttl. Reads the record and refreshes its expiry.
const GET = script(`
local p, now, id, ttl = ARGV[1], tonumber(ARGV[2]), ARGV[3], tonumber(ARGV[4])
local record = redis.call('GET', p .. ':session:' .. id)
if not record then return false end
redis.call('PEXPIRE', p .. ':session:' .. id, ttl)
redis.call('ZADD', p .. ':sessions', 'XX', now + ttl, id)
local owner = redis.call('HGET', p .. ':session-owner', id)
if owner then redis.call('ZADD', p .. ':principal-sessions:' .. owner, 'XX', now + ttl, id) end
return record
`);

// ARGV: prefix, now, id, record, bytes.
const UPDATE = script(`
local p, id, bytes = ARGV[1], ARGV[3], tonumber(ARGV[5])
local key = p .. ':session:' .. id
if redis.call('EXISTS', key) == 0 then return 0 end
redis.call('SET', key, ARGV[4], 'KEEPTTL')
local old = tonumber(redis.call('HGET', p .. ':session-bytes', id) or '0')
redis.call('HSET', p .. ':session-bytes', id, bytes)
redis.call('INCRBY', p .. ':session-total', bytes - old)
return 1
`);

// ARGV: prefix, now, id, channel. Ends the session and tells every instance.
const DELETE = script(`${FORGET}
local p, id = ARGV[1], ARGV[3]
if forget(p, id) == 0 then return 0 end
redis.call('PUBLISH', ARGV[4], id)
return 1
`);

function positive(name: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`sessions.${name} must be a positive integer`);
  return String(value);
}

/**
 * A `SessionStore` on Redis: every instance sees every session, so any instance serves a 2025
 * session's next request. A session expires `ttlMs` after its last use (each `get` refreshes it);
 * the caps count over all instances, in one script per change, so two instances cannot both take
 * the last place. `delete` ends the session everywhere and is announced on
 * `<prefix>:session-ended`, so instances holding its `GET` stream close it.
 */
export class RedisSessionStore implements SessionStore {
  private readonly ttl: string;
  private readonly limits: readonly string[];
  private readonly endedListeners = new Set<(sessionId: string) => void>();
  readonly endedChannel: string;

  constructor(
    private readonly link: RedisLink,
    options: RedisSessionOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    const ttlMs = options.ttlMs ?? 30 * 60_000;
    this.ttl = positive('ttlMs', ttlMs);
    this.limits = [
      positive('maxSessions', options.maxSessions ?? 10_000),
      positive('maxSessionsPerPrincipal', options.maxSessionsPerPrincipal ?? 100),
      positive('maxSessionBytes', options.maxSessionBytes ?? 16 * 1024 * 1024),
    ];
    this.endedChannel = link.key('session-ended');
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
    ];
    return (await this.link.run<number>(CREATE, [], args)) === 1;
  }

  async get(id: string): Promise<SessionRecord | undefined> {
    const text = await this.link.run<string | null>(GET, [], [...this.head(id), this.ttl]);
    return text === null ? undefined : (JSON.parse(text) as SessionRecord);
  }

  async update(session: SessionRecord): Promise<void> {
    const text = JSON.stringify(session);
    await this.link.run(UPDATE, [], [...this.head(session.id), text, String(Buffer.byteLength(text))]);
  }

  async delete(id: string): Promise<boolean> {
    return (await this.link.run<number>(DELETE, [], [...this.head(id), this.endedChannel])) === 1;
  }

  onEnded(listener: (sessionId: string) => void): () => void {
    const entry = (sessionId: string) => listener(sessionId);
    this.endedListeners.add(entry);
    return () => {
      this.endedListeners.delete(entry);
    };
  }

  /** A message of `endedChannel`: a session ended on some instance. */
  ended(sessionId: string): void {
    for (const listener of [...this.endedListeners]) listener(sessionId);
  }

  private head(id: string): string[] {
    return [this.link.prefix, String(this.now()), id];
  }
}
