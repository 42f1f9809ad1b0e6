import type { ReplayStore } from '@mcpkit/auth/server';
import { type RedisLink, script } from './link.js';

/** Options of the DPoP replay store (`RedisClusterOptions.replay`), as `MemoryReplayStore`'s. */
export interface RedisReplayOptions {
  /** Unexpired keys held at most, over all instances; beyond, claims are refused. Default 100,000. */
  maxEntries?: number;
  /** Unexpired keys of one owner at most. Default 10,000. */
  maxEntriesPerPrincipal?: number;
}

// KEYS: the key, the set of all keys, the owner's set (or ''). ARGV: now, expiresAt, max, max per owner.
const CLAIM = script(`
local now, expiry = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 0 end
if KEYS[3] ~= '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
  if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[4]) then return 0 end
  redis.call('ZADD', KEYS[3], expiry, KEYS[1])
  redis.call('PEXPIREAT', KEYS[3], expiry, 'GT')
  if redis.call('PTTL', KEYS[3]) < 0 then redis.call('PEXPIREAT', KEYS[3], expiry) end
end
redis.call('SET', KEYS[1], '1', 'PXAT', expiry)
redis.call('ZADD', KEYS[2], expiry, KEYS[1])
redis.call('PEXPIREAT', KEYS[2], expiry, 'GT')
if redis.call('PTTL', KEYS[2]) < 0 then redis.call('PEXPIREAT', KEYS[2], expiry) end
return 1
`);

/**
 * auth's `ReplayStore` on Redis: a DPoP proof's `jti` is claimed once across every instance
 * (`SET NX` with the proof's expiry, in one script with the quotas), so a proof replayed against
 * another instance is refused. Bounded like `MemoryReplayStore`: in all and per owner.
 */
export class RedisReplayStore implements ReplayStore {
  private readonly max: string;
  private readonly maxPerOwner: string;

  constructor(
    private readonly link: RedisLink,
    options: RedisReplayOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.max = String(options.maxEntries ?? 100_000);
    this.maxPerOwner = String(options.maxEntriesPerPrincipal ?? 10_000);
  }

  async claim(key: string, expiresAt: number, owner?: string): Promise<boolean> {
    const now = this.now();
    if (expiresAt <= now) return true;
    const { link } = this;
    const keys = [
      link.key('replay', key),
      link.key('replay-all'),
      owner === undefined ? '' : link.key('replay-owner', owner),
    ];
    const args = [String(now), String(Math.ceil(expiresAt)), this.max, this.maxPerOwner];
    return (await link.run<number>(CLAIM, keys, args)) === 1;
  }
}
