import type { RequestId, ServerCapabilities, SubscriptionFilter } from '@mcpkit/protocol';
import { McpError, MetaKey } from '@mcpkit/protocol/internal';
import type { ExchangeStream } from '../pipeline/exchange.js';
import type { EventBus, ServerEvent } from './event-bus.js';
import {
  acknowledgement,
  honouredFilter,
  type ListenFilter,
  listenNotification,
  wantsEvent,
} from './listen-filter.js';

interface OpenListen {
  readonly id: RequestId;
  readonly filter: ListenFilter;
  readonly stream: ExchangeStream;
  readonly close: () => void;
  /** Ends the stream with an error response instead of its final result. */
  readonly fail: (error: McpError) => void;
}

/** The default most notifications a listen stream may have unread before it is closed. */
export const DEFAULT_MAX_LISTEN_BACKLOG = 10_000;

/**
 * The open `subscriptions/listen` streams of one server. One bus subscription fans out to every
 * stream whose filter wants the event. A stream carries only its acknowledgement and the change
 * notifications it asked for, never progress or log messages (S-46..S-52).
 */
export class ListenHub {
  private readonly open = new Set<OpenListen>();
  private unsubscribe: (() => void) | undefined;
  private closed = false;

  /**
   * `maxBacklog`: the most notifications one stream may hold unread. A consumer that falls that
   * far behind is dropped: its unread notifications are discarded and the stream ends with an
   * error response saying so, rather than the server buffering for it without end.
   */
  constructor(
    private readonly bus: EventBus,
    private readonly maxBacklog = DEFAULT_MAX_LISTEN_BACKLOG,
  ) {}

  /**
   * Serves one listen request: acknowledges the honoured part of `requested` first (S-47, S-48),
   * then forwards matching events tagged with the subscription id (S-49). Resolves with the
   * final result when the server closes (S-50); when `signal` aborts or the consumer stops reading,
   * the stream ends at once with no response and its entry is dropped (S-63). `taskIds`: the
   * tasks the stream hears about, already checked by the tasks extension.
   */
  listen(
    id: RequestId,
    requested: SubscriptionFilter,
    capabilities: ServerCapabilities,
    stream: ExchangeStream,
    signal: AbortSignal,
    taskIds?: string[],
  ): Promise<Record<string, unknown>> {
    const filter: ListenFilter = honouredFilter(requested, capabilities);
    if (taskIds !== undefined) filter.taskIds = taskIds;
    stream.push(acknowledgement(filter, id));
    const finalResult = { resultType: 'complete', _meta: { [MetaKey.subscriptionId]: id } };
    if (this.closed) return Promise.resolve(finalResult);
    this.unsubscribe ??= this.bus.subscribe((event) => this.deliver(event));
    return new Promise((resolve, reject) => {
      const entry: OpenListen = {
        id,
        filter,
        stream,
        close: () => {
          signal.removeEventListener('abort', cancel);
          this.open.delete(entry);
          resolve(finalResult);
        },
        fail: (error) => {
          signal.removeEventListener('abort', cancel);
          this.open.delete(entry);
          reject(error);
        },
      };
      // The client ended the stream: it gets nothing more, not even the final result (S-63).
      const cancel = () => {
        stream.finish();
        entry.close();
      };
      this.open.add(entry);
      if (signal.aborted) cancel();
      else {
        signal.addEventListener('abort', cancel, { once: true });
        stream.onReturn(cancel);
      }
    });
  }

  /** Ends every stream with its final result and stops listening to the bus. */
  close(): void {
    this.closed = true;
    for (const entry of [...this.open]) entry.close();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private deliver(event: ServerEvent): void {
    for (const entry of this.open) {
      if (entry.stream.closed) {
        entry.close();
      } else if (wantsEvent(entry.filter, event)) {
        if (entry.stream.backlog >= this.maxBacklog) this.dropSlow(entry);
        else entry.stream.push(listenNotification(event, entry.id));
      }
    }
  }

  /** A consumer that stopped reading: its backlog goes, and the error is what it reads next. */
  private dropSlow(entry: OpenListen): void {
    entry.stream.discardBacklog();
    entry.fail(
      McpError.internalError(
        `The listen stream was closed: its reader fell ${this.maxBacklog} notifications behind`,
      ),
    );
  }
}
