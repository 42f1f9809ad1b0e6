/** One stored SSE event. */
export interface StoredEvent {
  readonly id: string;
  readonly data: string;
}

/** A stream's owner and its events after an event id, as `EventStore.replayAfter` finds them. */
export interface StoredReplay {
  readonly streamId: string;
  readonly owner: string;
  readonly events: StoredEvent[];
}

/**
 * Where a resumable (2025-era) SSE stream's events are kept so a client that lost the connection
 * can reconnect with `Last-Event-ID` and get what it missed, and nothing of another stream. The
 * default is synchronous and in this process; a store shared by several instances (Redis, say) may
 * answer with promises and offer `follow`, so any instance resumes a stream that runs in another.
 */
export interface EventStore {
  /** Stores an event of `streamId` (belonging to session `owner`) and returns its event id. */
  append(streamId: string, owner: string, data: string): string | Promise<string>;
  /**
   * The stream of `lastEventId`, its owner, and its events after that one, oldest first;
   * `undefined` when the id is unknown or its stream was dropped.
   */
  replayAfter(lastEventId: string): StoredReplay | undefined | Promise<StoredReplay | undefined>;
  /**
   * For a store shared by instances: the events of `streamId` stored after event `afterId`, as
   * they are stored, until `signal` aborts or the reader stops. Resumes a stream that runs in
   * another instance: the transport reads it until the response.
   */
  follow?(streamId: string, afterId: string, signal: AbortSignal): AsyncIterable<StoredEvent>;
  /**
   * Whether a reconnect on some instance is following `streamId` now (see `follow`): the instance
   * running the stream then keeps it past its resume window.
   */
  followed?(streamId: string): Promise<boolean>;
}

/** Options of `InMemoryEventStore`. */
export interface InMemoryEventStoreOptions {
  /** Streams kept at most; the oldest goes first. Default 1,000. */
  maxStreams?: number;
  /** Events kept per stream at most; the oldest go first. Default 1,000. */
  maxEventsPerStream?: number;
}

interface StoredStream {
  readonly owner: string;
  /** The sequence number of `events[0]`. */
  first: number;
  readonly events: string[];
}

/**
 * The default `EventStore`: bounded in streams and in events per stream, so memory stays bounded
 * whatever clients do. Event ids are `<stream>.<sequence>`.
 *
 * @example
 * ```ts
 * createFetchHandler(server, { eventStore: new InMemoryEventStore({ maxStreams: 100 }) });
 * ```
 */
export class InMemoryEventStore implements EventStore {
  private readonly streams = new Map<string, StoredStream>();
  private readonly maxStreams: number;
  private readonly maxEvents: number;

  constructor(options: InMemoryEventStoreOptions = {}) {
    this.maxStreams = options.maxStreams ?? 1000;
    this.maxEvents = options.maxEventsPerStream ?? 1000;
    if (!Number.isSafeInteger(this.maxStreams) || this.maxStreams < 1)
      throw new RangeError('maxStreams must be a positive integer');
    if (!Number.isSafeInteger(this.maxEvents) || this.maxEvents < 1)
      throw new RangeError('maxEventsPerStream must be a positive integer');
  }

  append(streamId: string, owner: string, data: string): string {
    let stream = this.streams.get(streamId);
    if (stream === undefined) {
      if (this.streams.size >= this.maxStreams) {
        const oldest = this.streams.keys().next().value as string;
        this.streams.delete(oldest);
      }
      stream = { owner, first: 0, events: [] };
      this.streams.set(streamId, stream);
    }
    stream.events.push(data);
    if (stream.events.length > this.maxEvents) {
      stream.events.shift();
      stream.first++;
    }
    return `${streamId}.${stream.first + stream.events.length - 1}`;
  }

  replayAfter(lastEventId: string): StoredReplay | undefined {
    const dot = lastEventId.lastIndexOf('.');
    if (dot < 1) return undefined;
    const streamId = lastEventId.slice(0, dot);
    const sequence = Number(lastEventId.slice(dot + 1));
    const stream = this.streams.get(streamId);
    if (stream === undefined || !Number.isSafeInteger(sequence) || sequence < stream.first - 1)
      return undefined;
    const events: StoredEvent[] = [];
    const start = Math.max(sequence + 1 - stream.first, 0);
    for (let index = start; index < stream.events.length; index++) {
      events.push({ id: `${streamId}.${stream.first + index}`, data: stream.events[index]! });
    }
    return { streamId, owner: stream.owner, events };
  }
}
