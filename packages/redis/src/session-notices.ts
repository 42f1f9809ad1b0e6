import type { RedisLink } from './link.js';

interface Waiting {
  heard: number;
  needed: number;
  done(): void;
}

/**
 * How a change or the end of a 2025 session is announced to every instance, and how the request
 * that made it waits until every instance heard it. Each instance that hears the notice drops what
 * it cached of the session, then acknowledges on `<prefix>:session-acks:<instance>` of the instance
 * that sent it. So once the change or `DELETE` is answered, no instance serves the old session from
 * its cache. The wait is bounded by the cache's lifetime: by then every entry cached before the
 * change has expired anyway.
 */
export class SessionNotices {
  readonly inbox: string;
  private readonly waiting = new Map<string, Waiting>();
  private sent = 0;

  constructor(
    private readonly link: RedisLink,
    private readonly instanceId: string,
    private readonly waitMs: number,
  ) {
    this.inbox = link.key('session-acks', instanceId);
  }

  /**
   * Runs `send` with the notice for session `id`; `send` publishes it and resolves with how many
   * instances heard it (0 when the session was not there). Waits until that many acknowledged,
   * `waitMs` at most, and resolves with that number.
   */
  async announce(id: string, send: (notice: string) => Promise<number>): Promise<number> {
    const key = String(++this.sent);
    let waiting: Waiting | undefined;
    const acknowledged = new Promise<void>((done) => {
      waiting = { heard: 0, needed: Number.POSITIVE_INFINITY, done };
    });
    const mine = waiting!;
    this.waiting.set(key, mine);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      mine.needed = await send(JSON.stringify({ id, by: this.instanceId, n: key }));
      if (mine.heard < mine.needed) {
        const bound = new Promise((done) => {
          timer = setTimeout(done, this.waitMs);
        });
        await Promise.race([acknowledged, bound]);
      }
      return mine.needed;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(key);
    }
  }

  /**
   * A notice another instance (or this one) sent: acknowledges it and returns the session's id.
   * (A bare id, as instances announced ends before notices were acknowledged, is taken as is.)
   */
  heard(notice: string): string {
    let parsed: { id?: unknown; by?: unknown; n?: unknown } | undefined;
    try {
      parsed = JSON.parse(notice) as typeof parsed;
    } catch {
      return notice;
    }
    if (typeof parsed?.id !== 'string') return notice;
    const { by, n } = parsed;
    if (typeof by === 'string' && typeof n === 'string') {
      // A lost acknowledgement only makes the sender wait its bound.
      this.link.command(['PUBLISH', this.link.key('session-acks', by), n]).catch(() => {});
    }
    return parsed.id;
  }

  /** A message of `inbox`: an instance heard notice `key`. */
  acknowledged(key: string): void {
    const waiting = this.waiting.get(key);
    if (waiting === undefined) return;
    waiting.heard++;
    if (waiting.heard >= waiting.needed) waiting.done();
  }
}
