/** One stored SSE event. */
export interface StoredEvent {
  readonly id: string;
  readonly data: string;
}

/**
 * Where a resumable (2025-era) SSE stream's events are kept so a client that lost the connection
 * can reconnect with `Last-Event-ID` and get what it missed, and nothing of another stream.
 * Synchronous: a stream still running lives in the process that runs it, so resuming it needs that
 * process anyway (route a session's requests to one instance).
 */
export interface EventStore {
  /** Stores an event of `streamId` (belonging to session `owner`) and returns its event id. */
  append(streamId: string, owner: string, data: string): string;
  /**
   * The stream of `lastEventId`, its owner, and its events after that one, oldest first;
   * `undefined` when the id is unknown or its stream was dropped.
   */
  replayAfter(lastEventId: string): { streamId: string; owner: string; events: StoredEvent[] } | undefined;
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

  replayAfter(lastEventId: string): { streamId: string; owner: string; events: StoredEvent[] } | undefined {
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
