import { sleep } from '@mcpkit/protocol/internal';
import type { EventStore, StoredEvent, StoredReplay } from '@mcpkit/transport-http';
import { type RedisLink, script } from './link.js';

/** Options of the resumable-stream store (`RedisClusterOptions.events`). */
export interface RedisEventStoreOptions {
  /** Events kept per stream at most (approximately: `XADD MAXLEN ~`). Default 1,000. */
  maxEventsPerStream?: number;
  /**
   * How long a stream's events are kept after its last event, in milliseconds; a reconnect following
   * a stream from another instance stops when it expired. Keep it above the longest quiet spell of a
   * request. Default 10 minutes.
   */
  ttlMs?: number;
  /** How often a reconnect following a stream that runs elsewhere looks for new events. Default 20 ms. */
  followIntervalMs?: number;
}

// KEYS: the stream, its owner. ARGV: data, owner, max length, ttl. Returns the entry id.
const APPEND = script(`
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'd', ARGV[1])
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return id
`);

// KEYS: the stream, its owner. ARGV: the entry id. Returns false when the stream or that entry is
// gone (trimmed: what followed it may be lost), else { owner, entries after it }.
const REPLAY = script(`
local owner = redis.call('GET', KEYS[2])
if not owner then return false end
if #redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1]) == 0 then return false end
return { owner, redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+') }
`);

// KEYS: the stream, its follow mark. ARGV: the entry id read up to, how long the mark lasts.
// Returns false once the stream expired: nothing more will come.
const FOLLOW = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
return redis.call('XRANGE', KEYS[1], '(' .. ARGV[1], '+', 'COUNT', '100')
`);

type Entry = [string, string[]];

function eventsOf(streamId: string, entries: Entry[]): StoredEvent[] {
  return entries.map(([id, fields]) => ({ id: `${streamId}.${id}`, data: fields[1] ?? '' }));
}

/**
 * transport-http's `EventStore` on Redis Streams, so a 2025 client that lost its SSE stream resumes
 * it with `Last-Event-ID` on any instance: the events after that id, then (`follow`) those the
 * running instance stores next, until the response. Each stream is bounded in length and expires
 * `ttlMs` after its last event. While a reconnect follows a stream, a mark `<prefix>:sse-follow:<stream>`
 * keeps the instance running it from ending it at its resume window. Event ids are `<stream>.<entry id>`.
 */
export class RedisEventStore implements EventStore {
  private readonly max: string;
  private readonly ttl: string;
  private readonly intervalMs: number;

  constructor(
    private readonly link: RedisLink,
    options: RedisEventStoreOptions = {},
  ) {
    this.max = String(options.maxEventsPerStream ?? 1000);
    this.ttl = String(options.ttlMs ?? 600_000);
    this.intervalMs = options.followIntervalMs ?? 20;
  }

  async append(streamId: string, owner: string, data: string): Promise<string> {
    const id = await this.link.run<string>(APPEND, this.keys(streamId), [data, owner, this.max, this.ttl]);
    return `${streamId}.${id}`;
  }

  async replayAfter(lastEventId: string): Promise<StoredReplay | undefined> {
    const dot = lastEventId.lastIndexOf('.');
    if (dot < 1) return undefined;
    const streamId = lastEventId.slice(0, dot);
    const entry = lastEventId.slice(dot + 1);
    if (!/^\d+-\d+$/.test(entry)) return undefined;
    const found = await this.link.run<[string, Entry[]] | null>(REPLAY, this.keys(streamId), [entry]);
    if (found === null) return undefined;
    return { streamId, owner: found[0], events: eventsOf(streamId, found[1]) };
  }

  async *follow(streamId: string, afterId: string, signal: AbortSignal): AsyncIterable<StoredEvent> {
    const keys = [this.link.key('sse', streamId), this.link.key('sse-follow', streamId)];
    const mark = String(Math.max(this.intervalMs * 10, 5000));
    let after = afterId.slice(afterId.lastIndexOf('.') + 1);
    while (!signal.aborted) {
      const entries = await this.link.run<Entry[] | null>(FOLLOW, keys, [after, mark]);
      if (entries === null) return;
      for (const event of eventsOf(streamId, entries)) {
        after = event.id.slice(streamId.length + 1);
        yield event;
      }
      if (entries.length === 0) await sleep(this.intervalMs, signal);
    }
  }

  async followed(streamId: string): Promise<boolean> {
    return (await this.link.command<number>(['EXISTS', this.link.key('sse-follow', streamId)])) === 1;
  }

  private keys(streamId: string): string[] {
    return [this.link.key('sse', streamId), this.link.key('sse-owner', streamId)];
  }
}
