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
  readonly principal: string | undefined;
  readonly filter: ListenFilter;
  readonly stream: ExchangeStream;
  readonly close: () => void;
  /** Ends the stream with an error response instead of its final result. */
  readonly fail: (error: McpError) => void;
}

/** The default most notifications a listen stream may have unread before it is closed. */
const DEFAULT_MAX_LISTEN_BACKLOG = 10_000;

/** How many listen streams a server holds open, and how far one may fall behind (`ServerOptions`). */
export interface ListenLimits {
  /** The most notifications one stream may hold unread. Default 10,000. */
  maxListenBacklog?: number;
  /** The most streams open at once. Default 10,000. */
  maxListens?: number;
  /** The most streams one principal holds open; streams without a principal count only towards `maxListens`. Default 100. */
  maxListensPerPrincipal?: number;
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/** A listen refused because too many are open: HTTP 503, before anything is sent on the stream. */
function refused(message: string): McpError {
  return new McpError(-32603, message, undefined, { reason: 'overloaded' });
}

/**
 * The open `subscriptions/listen` streams of one server. One bus subscription fans out to every
 * stream whose filter wants the event. A stream carries only its acknowledgement and the change
 * notifications it asked for, never progress or log messages (S-46..S-52).
 */
export class ListenHub {
  private readonly open = new Set<OpenListen>();
  /** Open streams of each principal that has some. */
  private readonly perPrincipal = new Map<string, number>();
  private unsubscribe: (() => void) | undefined;
  private closed = false;
  /**
   * The most notifications one stream may hold unread. A consumer that falls that far behind is
   * dropped: its unread notifications are discarded and the stream ends with an error response
   * saying so, rather than the server buffering for it without end.
   */
  private readonly maxBacklog: number;
  private readonly maxListens: number;
  private readonly maxPerPrincipal: number;

  constructor(
    private readonly bus: EventBus,
    limits: ListenLimits = {},
  ) {
    this.maxBacklog = positive('maxListenBacklog', limits.maxListenBacklog ?? DEFAULT_MAX_LISTEN_BACKLOG);
    this.maxListens = positive('maxListens', limits.maxListens ?? 10_000);
    this.maxPerPrincipal = positive('maxListensPerPrincipal', limits.maxListensPerPrincipal ?? 100);
  }

  /**
   * Serves one listen request: acknowledges the honoured part of `requested` first (S-47, S-48),
   * then forwards matching events tagged with the subscription id (S-49). Resolves with the
   * final result when the server closes (S-50); when `signal` aborts or the consumer stops reading,
   * the stream ends at once with no response and its entry is dropped (S-63). `extended`: the
   * filter fields of extensions the stream honours, already checked by them (tasks: `taskIds`, X-15). Past
   * `maxListens`, or `maxListensPerPrincipal` for `principal`, the listen is refused (`-32603`,
   * HTTP 503) before anything is sent.
   */
  listen(
    id: RequestId,
    requested: SubscriptionFilter,
    capabilities: ServerCapabilities,
    stream: ExchangeStream,
    signal: AbortSignal,
    extended: Readonly<Partial<ListenFilter>> | undefined,
    principal: string | undefined,
  ): Promise<Record<string, unknown>> {
    const held = principal === undefined ? 0 : (this.perPrincipal.get(principal) ?? 0);
    if (this.open.size >= this.maxListens) {
      throw refused(`The server holds its most listen streams (${this.maxListens}); try again later`);
    }
    if (held >= this.maxPerPrincipal) {
      throw refused(
        `You hold the most listen streams one caller may (${this.maxPerPrincipal}); close one before opening another`,
      );
    }
    const filter: ListenFilter = honouredFilter(requested, capabilities);
    if (extended !== undefined) Object.assign(filter, extended);
    stream.push(acknowledgement(filter, id));
    const finalResult = { resultType: 'complete', _meta: { [MetaKey.subscriptionId]: id } };
    if (this.closed) return Promise.resolve(finalResult);
    this.unsubscribe ??= this.bus.subscribe((event) => this.deliver(event));
    return new Promise((resolve, reject) => {
      const entry: OpenListen = {
        id,
        principal,
        filter,
        stream,
        close: () => {
          signal.removeEventListener('abort', cancel);
          this.drop(entry);
          resolve(finalResult);
        },
        fail: (error) => {
          signal.removeEventListener('abort', cancel);
          this.drop(entry);
          reject(error);
        },
      };
      // The client ended the stream: it gets nothing more, not even the final result (S-63).
      const cancel = () => {
        stream.finish();
        entry.close();
      };
      this.open.add(entry);
      if (principal !== undefined) this.perPrincipal.set(principal, held + 1);
      if (signal.aborted) cancel();
      else {
        signal.addEventListener('abort', cancel, { once: true });
        stream.onReturn(cancel);
      }
    });
  }

  private drop(entry: OpenListen): void {
    if (!this.open.delete(entry) || entry.principal === undefined) return;
    const left = (this.perPrincipal.get(entry.principal) ?? 1) - 1;
    if (left === 0) this.perPrincipal.delete(entry.principal);
    else this.perPrincipal.set(entry.principal, left);
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
