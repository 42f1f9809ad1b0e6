import type { EndpointItem, RequestId } from '@mcpkit/protocol';
import { closeQuietly, errorFinal, McpError, responseText } from '@mcpkit/protocol/internal';
import { frame } from '../sse-frames.js';
import type { EventStore, StoredEvent } from './event-store.js';
import { followElsewhere, isResponse } from './follow-stream.js';
import { Connection } from './sse-connection.js';

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
  /** While a reconnect reads the store, no event of this stream is stored: it waits on this. */
  private hold: Promise<void> | undefined;

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
    const priming = (id: string | undefined) =>
      connection.push(`${id === undefined ? '' : `id: ${id}\n`}retry: ${this.config.retryMs}\ndata: \n\n`);
    const primingId = this.config.store.append(this.streamId, this.owner, '');
    if (typeof primingId === 'string') {
      priming(primingId);
      void this.pump(first);
    } else {
      void primingId.then(priming, () => priming(undefined)).then(() => this.pump(first));
    }
    if (pollIn !== undefined && !this.done) this.timer = setTimeout(() => this.poll(), pollIn);
    return connection;
  }

  /**
   * A reconnect to this stream, running here: the events after `lastEventId`, then what comes
   * next. No event is stored while the store is read, so none is missed or sent twice.
   */
  rejoin(store: EventStore, lastEventId: string): Promise<Connection | undefined> {
    const run = (async () => {
      await this.hold;
      const found = await store.replayAfter(lastEventId);
      return found === undefined ? undefined : this.join(found.events);
    })();
    const hold = run.then(
      () => {},
      () => {},
    );
    this.hold = hold;
    void hold.then(() => {
      if (this.hold === hold) this.hold = undefined;
    });
    return run;
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
    this.timer = setTimeout(() => this.expire(), this.config.resumeWindowMs);
  }

  private left(connection: Connection): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    clearTimeout(this.timer);
    if (!this.holdOnLeave) {
      this.end();
      return;
    }
    this.timer = setTimeout(() => this.expire(), this.config.resumeWindowMs);
  }

  /**
   * The resume window passed with no reconnect here: the stream ends, unless a reconnect on another
   * instance follows it through the store (`EventStore.followed`), and then it gets another window.
   */
  private expire(): void {
    const followed = this.config.store.followed;
    if (followed === undefined) {
      this.end();
      return;
    }
    followed.call(this.config.store, this.streamId).then(
      (yes) => {
        if (this.done || this.connection !== undefined) return;
        if (yes) this.timer = setTimeout(() => this.expire(), this.config.resumeWindowMs);
        else this.end();
      },
      () => this.end(),
    );
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

  /** Stores `item` and sends it; a promise when the store answers with one. */
  private deliver(item: EndpointItem): Promise<void> | undefined {
    const data = 'response' in item ? responseText(item) : JSON.stringify(item);
    const id = this.config.store.append(this.streamId, this.owner, data);
    if (typeof id === 'string') {
      this.connection?.push(frame(id, data));
      return undefined;
    }
    return id.then(
      (stored) => this.connection?.push(frame(stored, data)),
      () => this.connection?.push(frame(undefined, data)),
    );
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
              await this.deliver(
                errorFinal(McpError.internalError('The exchange ended without a response'), this.requestId),
              );
            }
            return;
          }
          item = next.value;
        }
        if (this.hold !== undefined) await this.hold;
        const stored = this.deliver(item);
        if (stored !== undefined) await stored;
        if ('response' in item) return;
        item = undefined;
      }
    } catch (error) {
      if (!this.done) await this.deliver(errorFinal(error, this.requestId));
    } finally {
      if (!this.done) this.finish();
    }
  }
}

/**
 * Rejoins the stream of `lastEventId` for session `owner`; `undefined` when it is unknown or
 * another session's. A stream running here is joined; one the store says runs elsewhere is
 * followed through the store until its response.
 */
export async function resume(
  config: ResumableConfig,
  lastEventId: string,
  owner: string,
): Promise<{ next(): Promise<string | null>; cancel(): void } | undefined> {
  const { store } = config;
  const found = await store.replayAfter(lastEventId);
  if (found === undefined || found.owner !== owner) return undefined;
  const live = config.running.get(found.streamId);
  if (live !== undefined) return live.rejoin(store, lastEventId);
  const last = found.events.at(-1);
  if (store.follow !== undefined && (last === undefined || !isResponse(last.data))) {
    return followElsewhere(store, config.keepAliveMs, found.streamId, last?.id ?? lastEventId, found.events);
  }
  const connection = new Connection(config.keepAliveMs, () => {});
  for (const event of found.events) if (event.data !== '') connection.push(frame(event.id, event.data));
  connection.close();
  return connection;
}
