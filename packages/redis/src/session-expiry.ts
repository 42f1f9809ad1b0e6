import type { SessionRecord } from '@mcpkit/server';
import { type RedisLink, script } from './link.js';

// The Lua functions every session script shares. A session is live while its score in
// <p>:sessions (its expiry, ms since the epoch) is after `now`; its record <p>:session:<id> is
// kept longer (`keepMs`), so that the instance that claims an expired session can report it.
// Keyspace notifications are not used: a managed Redis may not allow turning them on.
export const SESSION_LUA = `
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
local function live(p, id, now)
  local expiry = redis.call('ZSCORE', p .. ':sessions', id)
  return expiry ~= false and tonumber(expiry) > now
end
-- Ends the sessions whose expiry is past, at most limit, announces each on <p>:session-ended, and
-- returns record, expiry, ... of each: the one caller that claimed them reports them. A record
-- already gone (no instance ran for keepMs) ends unreported.
local function claim_expired(p, now, limit)
  local claimed = {}
  local due = redis.call('ZRANGEBYSCORE', p .. ':sessions', '-inf', now, 'WITHSCORES', 'LIMIT', 0, limit)
  for i = 1, #due, 2 do
    local record = redis.call('GET', p .. ':session:' .. due[i])
    forget(p, due[i])
    redis.call('PUBLISH', p .. ':session-ended', due[i])
    if record then
      claimed[#claimed + 1] = record
      claimed[#claimed + 1] = due[i + 1]
    end
  end
  return claimed
end
`;

/** How many expired sessions one sweep claims at a time. */
const SWEEP_BATCH = 100;

// ARGV: prefix, now, limit.
const SWEEP = script(`${SESSION_LUA}
return claim_expired(ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]))
`);

type ExpiredListener = (session: SessionRecord, expiredAt: number) => void;

/**
 * Reports the sessions that expired in Redis, each once over all instances: every `everyMs`, an
 * instance with listeners claims the expired sessions in one script (so no two instances claim
 * the same one) and hands them to its listeners; creating a session claims them too.
 */
export class ExpirySweep {
  private readonly listeners = new Set<ExpiredListener>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private sweeping = false;

  constructor(
    private readonly link: RedisLink,
    private readonly everyMs: number,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Adds a listener; the sweeps run while there is one. */
  listen(listener: ExpiredListener): () => void {
    const entry: ExpiredListener = (session, expiredAt) => listener(session, expiredAt);
    this.listeners.add(entry);
    if (this.timer === undefined) {
      this.timer = setInterval(() => void this.sweep(), this.everyMs);
      this.timer.unref?.();
    }
    return () => {
      this.listeners.delete(entry);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Claims the sessions expired by now and reports them. */
  async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      let claimed: readonly string[];
      do {
        const args = [this.link.prefix, String(this.now()), String(SWEEP_BATCH)];
        claimed = await this.link.run<string[]>(SWEEP, [], args);
        this.report(claimed);
      } while (claimed.length === 2 * SWEEP_BATCH);
    } catch (error) {
      this.onError(error);
    } finally {
      this.sweeping = false;
    }
  }

  /** Hands what a script claimed (record, expiry, ...) to the listeners. */
  report(claimed: readonly unknown[]): void {
    for (let i = 0; i + 1 < claimed.length; i += 2) {
      const expiredAt = Number(claimed[i + 1]);
      let session: SessionRecord;
      try {
        session = JSON.parse(String(claimed[i])) as SessionRecord;
      } catch (error) {
        this.onError(error);
        continue;
      }
      for (const listener of [...this.listeners]) {
        try {
          listener(session, expiredAt);
        } catch (error) {
          this.onError(error);
        }
      }
    }
  }

  /** Stops sweeping (the cluster closes). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
