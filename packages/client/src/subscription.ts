import type { RequestId, SubscriptionFilter } from '@mcpkit/protocol';
import {
  abortable,
  decodeMessage,
  ErrorCode,
  isNotificationParams,
  isResourceUpdatedParams,
  subscriptionIdOf,
  TransportError,
} from '@mcpkit/protocol/internal';
import { CallState } from './call.js';
import { checkTimeout } from './call-limits.js';
import { timerDelay } from './deadlines.js';
import {
  peerError,
  RequestAbortedError,
  RequestTimeoutError,
  SubscriptionClosedError,
  UnsupportedByServerError,
} from './errors.js';
import { loadLazyCode } from './lazy-code-loader.js';
import { isAcknowledgement, type ListenNotification } from './listen-checks.js';
import type { ListenControl, ListenHost, ListenKit, ListenRunner } from './listen-contract.js';
import { hookedServerNotification } from './wire-hooks.js';

const KIT: ListenKit = {
  TransportError,
  UnsupportedByServerError,
  CallState,
  peerError,
  abortable,
  decodeMessage,
  subscriptionIdOf,
  isAcknowledgement,
  isNotificationParams,
  isResourceUpdatedParams,
  hookedServerNotification,
  unsupportedProtocolVersion: ErrorCode.UnsupportedProtocolVersion,
};

/** What `McpClient.listen` takes besides the filter. */
type ListenOptions = { signal?: AbortSignal; meta?: Record<string, unknown>; timeoutMs?: number };

/** How `openSubscription` calls the constructor, which the type keeps private so that only it does. */
type SubscriptionConstructor = new (
  host: ListenHost,
  filter: SubscriptionFilter,
  options: ListenOptions,
) => Subscription;

/** Opens a subscription for a client: what `McpClient.listen` returns. */
export function openSubscription(
  host: ListenHost,
  filter: SubscriptionFilter,
  options: ListenOptions,
): Subscription {
  return new (Subscription as unknown as SubscriptionConstructor)(host, filter, options);
}

/**
 * One `subscriptions/listen` stream, as an async iterable of typed change notifications. It
 * exposes what the server acknowledged (C-40), keeps only notifications tagged with its own
 * subscription id (C-41), ends when the server closes it gracefully or when closed or aborted,
 * and re-opens itself as a new request when the stream breaks or the transport restarts (C-42,
 * C-43). Obtain one with `McpClient.listen`.
 */
export class Subscription implements AsyncIterableIterator<ListenNotification> {
  /** The filter the application asked for. */
  readonly requested: SubscriptionFilter;
  /**
   * The first acknowledged filter. Rejects if the subscription ends before one arrives: with
   * `RequestTimeoutError` when none came within the listen's `timeoutMs` (which ends the
   * subscription), `RequestAbortedError` when its signal aborted, `SubscriptionClosedError` when
   * it was closed, or the error that ended it.
   */
  readonly acknowledged: Promise<SubscriptionFilter>;
  readonly #host: ListenHost;
  readonly #meta: Record<string, unknown> | undefined;
  /** The caller's signal, whose listener is removed when the subscription ends. */
  readonly #signal: AbortSignal | undefined;
  #resolveAck!: (filter: SubscriptionFilter) => void;
  #rejectAck!: (error: unknown) => void;
  #ack: SubscriptionFilter | undefined;
  /** What the latest acknowledgement left out of the request. */
  #missing: SubscriptionFilter | undefined;
  #id: RequestId | undefined;
  readonly #queue: ListenNotification[] = [];
  #waiters: Array<{
    resolve: (r: IteratorResult<ListenNotification>) => void;
    reject: (e: unknown) => void;
  }> = [];
  #end: { error?: unknown } | undefined;
  /** What opens the stream, once its code loaded (see `loadLazyCode`). */
  #runner: ListenRunner | undefined;
  #ackTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #closeOnAbort = () => this.#finish(undefined, 'aborted');

  private constructor(host: ListenHost, filter: SubscriptionFilter, options: ListenOptions) {
    checkTimeout('timeoutMs', options.timeoutMs);
    this.#host = host;
    this.requested = filter;
    this.#meta = options.meta;
    this.#signal = options.signal;
    this.acknowledged = new Promise((resolve, reject) => {
      this.#resolveAck = resolve;
      this.#rejectAck = reject;
    });
    this.acknowledged.catch(() => {});
    if (options.signal?.aborted) {
      this.#finish(undefined, 'aborted');
      return;
    }
    options.signal?.addEventListener('abort', this.#closeOnAbort, { once: true });
    const ackTimeoutMs = options.timeoutMs ?? host.limits.timeoutMs;
    if (Number.isFinite(ackTimeoutMs)) {
      this.#ackTimer = setTimeout(() => {
        this.#finish(new RequestTimeoutError('subscriptions/listen', 'idle', ackTimeoutMs));
      }, timerDelay(ackTimeoutMs));
    }
    loadLazyCode().then(
      ({ runListen }) => {
        this.#runner = runListen(this.#control(), host, KIT);
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const failure = `client.listen could not load its code (${message}); listen again to retry`;
        this.#finish(new TransportError('connection-lost', failure, { cause: error }));
      },
    );
  }

  /**
   * The reader's side, as the run loop drives it: the run loop's chunk checks, de-duplicates and
   * queues the notifications, and compares the acknowledged filter with the request.
   */
  #control(): ListenControl {
    const subscription = this;
    return {
      requested: this.requested,
      meta: this.#meta,
      get ended() {
        return subscription.#end !== undefined;
      },
      opened: (id) => {
        this.#id = id;
      },
      queue: this.#queue,
      hand: (notification) => {
        const waiter = this.#waiters.shift();
        waiter?.resolve({ value: notification, done: false });
        return waiter !== undefined;
      },
      acknowledge: (filter, missing) => this.#acknowledge(filter, missing),
      finish: (error, closedBy) => this.#finish(error, closedBy),
    };
  }

  /** The subscription id: the JSON-RPC id of the current listen request (changes on re-open). */
  get id(): RequestId | undefined {
    return this.#id;
  }

  /** The latest acknowledged filter, once one arrived. */
  get acknowledgedFilter(): SubscriptionFilter | undefined {
    return this.#ack;
  }

  /** What was asked for but not acknowledged (C-40); `undefined` before the acknowledgement. */
  get unacknowledged(): SubscriptionFilter | undefined {
    return this.#missing;
  }

  /** Whether the subscription has ended. */
  get ended(): boolean {
    return this.#end !== undefined;
  }

  /** Ends the subscription (closing the stream cancels it, C-42); iteration ends normally. */
  close(): void {
    this.#finish();
  }

  /** The transport reconnected to a new peer: re-open on it (C-43), unless that already happened. */
  transportRestarted(): void {
    if (!this.#end) this.#runner?.transportRestarted();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ListenNotification>> {
    const value = this.#queue.shift();
    if (value) return Promise.resolve({ value, done: false });
    if (this.#end) {
      return this.#end.error === undefined
        ? Promise.resolve({ value: undefined, done: true })
        : Promise.reject(this.#end.error);
    }
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  async return(): Promise<IteratorResult<ListenNotification>> {
    this.close();
    return { value: undefined, done: true };
  }

  /** Records an acknowledged filter; the first settles `acknowledged`. Returns whether it was the first. */
  #acknowledge(filter: SubscriptionFilter, missing: SubscriptionFilter): boolean {
    const first = this.#ack === undefined;
    this.#ack = filter;
    this.#missing = missing;
    if (!first) return false;
    clearTimeout(this.#ackTimer);
    this.#resolveAck(filter);
    return true;
  }

  /** Ends the subscription, with `error` or (without one) normally, closed by `closedBy`. */
  #finish(error?: unknown, closedBy: 'client' | 'server' | 'aborted' = 'client'): void {
    if (this.#end) return;
    this.#end = error === undefined ? {} : { error };
    clearTimeout(this.#ackTimer);
    this.#signal?.removeEventListener('abort', this.#closeOnAbort);
    this.#runner?.close();
    if (error !== undefined) this.#rejectAck(error);
    else if (closedBy === 'aborted')
      this.#rejectAck(new RequestAbortedError('subscriptions/listen', this.#signal?.reason));
    else this.#rejectAck(new SubscriptionClosedError(closedBy));
    for (const waiter of this.#waiters.splice(0)) {
      if (error === undefined) waiter.resolve({ value: undefined, done: true });
      else waiter.reject(error);
    }
    this.#host.subscriptions.delete(this);
  }
}
