import type { JSONRPCNotification, RequestId, SubscriptionFilter } from '@mcpkit/protocol';
import { TransportError } from '@mcpkit/protocol/internal';
import type { CallResult } from './call.js';
import { checkTimeout } from './call-limits.js';
import { supportedFilter, unacknowledged } from './capabilities.js';
import type { Connection } from './connection.js';
import { timerDelay } from './deadlines.js';
import {
  RequestAbortedError,
  RequestTimeoutError,
  SubscriptionClosedError,
  UnsupportedByServerError,
} from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import { ListenCall } from './listen-call.js';
import { isListenNotification, type ListenNotification, sameNotification } from './listen-checks.js';
import type { ClientWarning } from './options.js';

/** Something that must see every change notification (the cache, the tool catalog). */
interface ChangeObserver {
  observe(notification: ListenNotification): void;
}

/** What a subscription shares with its client. */
export interface ListenHost {
  /** Runs one opening of the stream through the client's middleware and the listen's steps. */
  listen(call: ListenCall): Promise<CallResult>;
  /** Waited for before each open (the server's capabilities decide the filter), re-probed after a restart. */
  connection: Connection;
  /** See every notification first (cache invalidation), whether or not anyone iterates. */
  observers: readonly ChangeObserver[];
  warn(warning: ClientWarning): void;
  maxReopenAttempts: number;
  reopenDelayMs(attempt: number): number;
  /** The client's default timeouts: `timeoutMs` is how long a listen waits for its first acknowledgement. */
  limits: TimeoutLimits;
  /** The client's open subscriptions; one that ends for good leaves it. */
  subscriptions: Set<Subscription>;
}

/** Notifications held for a slow reader; beyond this the oldest go (duplicates are merged first). */
const MAX_QUEUED = 1000;

// Why a stream's signal aborted, told apart by identity; what a middleware's `next` rejects with then.
const REOPEN = new TransportError('closed', 'The listen stream was closed to be opened again');
const CLOSE = new TransportError('closed', 'The listen was closed');

type Attempt =
  | { kind: 'server-closed' }
  | { kind: 'closed' }
  | { kind: 'reopen' }
  | { kind: 'lost'; error: Error; acknowledged: boolean }
  | { kind: 'failed'; error: unknown };

/** What `McpClient.listen` takes besides the filter. */
type ListenOptions = { signal?: AbortSignal; meta?: Record<string, unknown>; timeoutMs?: number };

/** Set by the class, whose constructor is private, so that only `openSubscription` makes one. */
let construct: (host: ListenHost, filter: SubscriptionFilter, options: ListenOptions) => Subscription;

/** Opens a subscription for a client: what `McpClient.listen` returns. */
export const openSubscription: typeof construct = (host, filter, options) => construct(host, filter, options);

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
  #id: RequestId | undefined;
  #queue: ListenNotification[] = [];
  #waiters: Array<{
    resolve: (r: IteratorResult<ListenNotification>) => void;
    reject: (e: unknown) => void;
  }> = [];
  #end: { error?: unknown } | undefined;
  #controller: AbortController | undefined;
  #wake: (() => void) | undefined;
  #skipNextRestart = false;
  #ackTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #closeOnAbort = () => this.#finish(undefined, 'aborted');

  static {
    // `this`, not the class's name: esbuild renames a class whose body names itself (`_Subscription`).
    construct = (host, filter, options) => new this(host, filter, options);
  }

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
    void this.#run();
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
    return this.#ack && unacknowledged(this.requested, this.#ack);
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
    if (this.#end) return;
    if (this.#skipNextRestart) {
      this.#skipNextRestart = false;
      return;
    }
    this.#controller?.abort(REOPEN);
    this.#wake?.();
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

  async #run(): Promise<void> {
    let failures = 0;
    while (!this.#end) {
      let attempt: Attempt;
      try {
        attempt = await this.#open(await this.#filter());
      } catch (error) {
        const lost = error instanceof TransportError && error.retryable;
        attempt = lost ? { kind: 'lost', error, acknowledged: false } : { kind: 'failed', error };
      }
      if (attempt.kind === 'server-closed') return this.#finish(undefined, 'server');
      if (attempt.kind === 'closed') return this.#finish();
      if (attempt.kind === 'failed') return this.#finish(attempt.error);
      if (attempt.kind === 'reopen') continue;
      failures = attempt.acknowledged ? 1 : failures + 1;
      if (failures > this.#host.maxReopenAttempts) return this.#finish(attempt.error);
      if (attempt.error instanceof TransportError && attempt.error.reason === 'restarted') {
        // The re-open waits for the re-probe (`ready()`) and is the re-open `onRestart` asks for.
        this.#skipNextRestart = true;
        void this.#host.connection.restarted();
      }
      await this.#sleep(this.#host.reopenDelayMs(failures));
    }
  }

  /** The filter to send: once connected, only what the server advertises (C-12). */
  async #filter(): Promise<SubscriptionFilter> {
    const server = (await this.#host.connection.connected())?.capabilities;
    if (!server) return this.requested;
    const filter = supportedFilter(this.requested, server);
    if (Object.keys(filter).length === 0) {
      throw new UnsupportedByServerError('A subscription to these notifications', 'listChanged/subscribe');
    }
    return filter;
  }

  /**
   * One opening of the stream, as a call through the client's middleware and the listen's steps
   * (see `ListenCall`): in the 2025 era it is made of what the session offers, whose
   * notifications the client's observers already saw.
   */
  async #open(filter: SubscriptionFilter): Promise<Attempt> {
    // Ended while waiting for the probe: `#finish` had no stream to abort, so none must open now.
    if (this.#end) return { kind: 'closed' };
    const controller = new AbortController();
    this.#controller = controller;
    this.#id = undefined;
    let acknowledged = false;
    let sessionEnded = false;
    const call = new ListenCall(filter, this.#meta, controller.signal, {
      opened: (id) => {
        this.#id = id;
      },
      accept: (notification, observe) => this.#accept(notification, observe),
      acknowledge: (granted) => {
        acknowledged = true;
        this.#acknowledge(granted);
      },
      reopen: () => {
        sessionEnded = true;
      },
    });
    try {
      await this.#host.listen(call);
      if (controller.signal.reason === REOPEN) return { kind: 'reopen' };
      if (controller.signal.aborted || this.#end) return { kind: 'closed' };
      return { kind: 'server-closed' };
    } catch (error) {
      return sessionEnded ? { kind: 'reopen' } : this.#thrown(error, controller, acknowledged);
    } finally {
      this.#controller = undefined;
    }
  }

  /** How an attempt that threw ended: re-opened or closed by us, lost in transit, or failed. */
  #thrown(error: unknown, controller: AbortController, acknowledged: boolean): Attempt {
    if (controller.signal.reason === REOPEN) return { kind: 'reopen' };
    if (controller.signal.reason === CLOSE || this.#end) return { kind: 'closed' };
    if (error instanceof TransportError && error.retryable) return { kind: 'lost', error, acknowledged };
    return { kind: 'failed', error };
  }

  /** Records an acknowledged filter; the first settles `acknowledged` and warns about what is missing (C-40). */
  #acknowledge(filter: SubscriptionFilter): void {
    const first = this.#ack === undefined;
    this.#ack = filter;
    if (!first) return;
    clearTimeout(this.#ackTimer);
    this.#resolveAck(filter);
    const missing = unacknowledged(this.requested, filter);
    if (Object.keys(missing).length > 0) this.#host.warn({ kind: 'subscription-degraded', missing });
  }

  /** Hands a change notification to the reader (and first to the observers, unless they saw it). */
  #accept(notification: JSONRPCNotification, observe: boolean): void {
    if (!isListenNotification(notification)) return;
    const typed = notification;
    if (observe) for (const observer of this.#host.observers) observer.observe(typed);
    const waiter = this.#waiters.shift();
    if (waiter) {
      waiter.resolve({ value: typed, done: false });
    } else if (!this.#queue.some((queued) => sameNotification(queued, typed))) {
      if (this.#queue.length >= MAX_QUEUED) this.#queue.shift();
      this.#queue.push(typed);
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    }).then(() => {
      this.#wake = undefined;
    });
  }

  /** Ends the subscription, with `error` or (without one) normally, closed by `closedBy`. */
  #finish(error?: unknown, closedBy: 'client' | 'server' | 'aborted' = 'client'): void {
    if (this.#end) return;
    this.#end = error === undefined ? {} : { error };
    clearTimeout(this.#ackTimer);
    this.#signal?.removeEventListener('abort', this.#closeOnAbort);
    this.#controller?.abort(CLOSE);
    this.#wake?.();
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
