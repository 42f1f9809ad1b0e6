import type { EndpointItem, RequestId } from '@mcpkit/protocol';
import { errorFinal, McpError, responseText } from '@mcpkit/protocol/internal';
import { closeQuietly, KEEP_ALIVE_FRAME } from '../sse-source.js';
import type { EventStore, StoredEvent } from './event-store.js';

/** Settings of resumable streams, from `HttpServerOptions`. */
export interface ResumableConfig {
  readonly store: EventStore;
  /** The `retry` field of the priming event, in ms. */
  readonly retryMs: number;
  /** How long a stream whose client left keeps running for a reconnect before it is ended. */
  readonly resumeWindowMs: number;
  /** When a request's response is ended so the client polls (0: never). */
  readonly pollAfterMs: number;
  readonly keepAliveMs: number;
  /** Streams still running, by stream id, so a reconnect can join them. */
  readonly running: Map<string, ResumableStream>;
}

function frame(id: string, data: string): string {
  return `id: ${id}\ndata: ${data}\n\n`;
}

/**
 * The frames one client connection reads: what its stream delivers, keep-alive comments while
 * quiet, until the stream ends or the client leaves (`cancel`).
 */
class Connection {
  private readonly frames: string[] = [];
  private waiter: ((frame: string | null) => void) | undefined;
  private ended = false;

  constructor(
    private readonly keepAliveMs: number,
    private readonly onLeave: (connection: Connection) => void,
  ) {}

  push(text: string): void {
    if (this.ended) return;
    const waiter = this.waiter;
    if (waiter) waiter(text);
    else this.frames.push(text);
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.waiter?.(null);
  }

  next(): Promise<string | null> {
    const queued = this.frames.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      this.waiter = (text) => {
        this.waiter = undefined;
        clearTimeout(timer);
        resolve(text);
      };
      if (this.keepAliveMs > 0) timer = setTimeout(() => this.waiter?.(KEEP_ALIVE_FRAME), this.keepAliveMs);
    });
  }

  /** The client left. */
  cancel(): void {
    if (this.ended) return;
    this.close();
    this.onLeave(this);
  }
}

/**
 * A resumable SSE stream (2025-11-25 Streamable HTTP): every event gets an id and is kept in the
 * event store; the stream opens with a priming event (an id, `retry`, empty data) so a client
 * can always reconnect with `Last-Event-ID`. The exchange is read to its end whether or not a
 * client is connected (in 2025-11-25 a disconnect is not a cancellation); a stream nobody
 * rejoins within the resume window is ended.
 */
export class ResumableStream {
  private connection: Connection | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private done = false;

  constructor(
    private readonly iterator: AsyncIterator<EndpointItem>,
    /** The id of the request behind the stream, for an error response it ends with. */
    private readonly requestId: RequestId | undefined,
    private readonly streamId: string,
    private readonly owner: string,
    private readonly config: ResumableConfig,
    /** Whether a stream whose client left waits for a reconnect; else it ends at once. */
    private readonly holdOnLeave: boolean,
  ) {
    config.running.set(streamId, this);
  }

  /**
   * Starts reading the exchange and returns the first connection. `first` is the exchange's first
   * item, or the read of it still pending; `pollIn` is when to end the connection while the
   * request runs on (0 at once, `undefined` never).
   */
  start(
    first: EndpointItem | Promise<IteratorResult<EndpointItem>> | undefined,
    pollIn: number | undefined,
  ): { next(): Promise<string | null>; cancel(): void } {
    const connection = this.join([]);
    const primingId = this.config.store.append(this.streamId, this.owner, '');
    connection.push(`id: ${primingId}\nretry: ${this.config.retryMs}\ndata: \n\n`);
    void this.pump(first);
    if (pollIn !== undefined && !this.done) this.timer = setTimeout(() => this.poll(), pollIn);
    return connection;
  }

  /** A reconnecting client: the events it missed, then what comes next. */
  join(missed: readonly StoredEvent[]): Connection {
    this.connection?.close();
    clearTimeout(this.timer);
    const connection = new Connection(this.config.keepAliveMs, (left) => this.left(left));
    for (const event of missed) if (event.data !== '') connection.push(frame(event.id, event.data));
    if (this.done) connection.close();
    else this.connection = connection;
    return connection;
  }

  /** Ends the client's connection while the request runs on: it reconnects with `Last-Event-ID`. */
  private poll(): void {
    const connection = this.connection;
    if (connection === undefined || this.done) return;
    this.connection = undefined;
    connection.close();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.end(), this.config.resumeWindowMs);
  }

  private left(connection: Connection): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    clearTimeout(this.timer);
    if (!this.holdOnLeave) {
      this.end();
      return;
    }
    this.timer = setTimeout(() => this.end(), this.config.resumeWindowMs);
  }

  private end(): void {
    if (this.done) return;
    this.finish();
    closeQuietly(this.iterator);
  }

  private finish(): void {
    this.done = true;
    clearTimeout(this.timer);
    this.connection?.close();
    this.connection = undefined;
    this.config.running.delete(this.streamId);
  }

  private deliver(item: EndpointItem): void {
    const data = 'response' in item ? responseText(item) : JSON.stringify(item);
    const id = this.config.store.append(this.streamId, this.owner, data);
    this.connection?.push(frame(id, data));
  }

  private async pump(first: EndpointItem | Promise<IteratorResult<EndpointItem>> | undefined): Promise<void> {
    let pending = first instanceof Promise ? first : undefined;
    let item = first instanceof Promise ? undefined : first;
    try {
      for (;;) {
        if (item === undefined) {
          const next = await (pending ?? this.iterator.next());
          pending = undefined;
          if (this.done) return;
          if (next.done) {
            // A stream with a request behind it ends with its response; a GET stream just ends.
            if (this.holdOnLeave) {
              this.deliver(
                errorFinal(McpError.internalError('The exchange ended without a response'), this.requestId),
              );
            }
            return;
          }
          item = next.value;
        }
        this.deliver(item);
        if ('response' in item) return;
        item = undefined;
      }
    } catch (error) {
      if (!this.done) this.deliver(errorFinal(error, this.requestId));
    } finally {
      if (!this.done) this.finish();
    }
  }
}

/** Rejoins the stream of `lastEventId` for session `owner`; `undefined` when it is unknown or another session's. */
export function resume(
  config: ResumableConfig,
  lastEventId: string,
  owner: string,
): { next(): Promise<string | null>; cancel(): void } | undefined {
  const found = config.store.replayAfter(lastEventId);
  if (found === undefined || found.owner !== owner) return undefined;
  const live = config.running.get(found.streamId);
  if (live !== undefined) return live.join(found.events);
  const connection = new Connection(config.keepAliveMs, () => {});
  for (const event of found.events) if (event.data !== '') connection.push(frame(event.id, event.data));
  connection.close();
  return connection;
}
