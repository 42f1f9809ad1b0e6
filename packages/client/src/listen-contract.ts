import type { RequestId, SubscriptionFilter, TransportError } from '@mcpkit/protocol';
import type {
  abortable,
  decodeMessage,
  isAcknowledgedParams,
  isNotificationParams,
  isResourceUpdatedParams,
  subscriptionIdOf,
} from '@mcpkit/protocol/internal';
import type { CallResult, CallState } from './call.js';
import type { Next } from './call-chain.js';
import type { Connection } from './connection.js';
import type { peerError, UnsupportedByServerError } from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import type { ListenCall } from './listen-call.js';
import type { ListenNotification } from './listen-checks.js';
import type { ClientWarning } from './options.js';
import type { Requester } from './requester.js';
import type { hookedServerNotification } from './wire-hooks.js';

// What a `Subscription` and the run loop that opens its streams (`listen-run.ts`, loaded with
// `import()` when the first one starts) hand each other.

/** Something that must see every change notification (the cache, the tool catalog). */
interface ChangeObserver {
  observe(notification: ListenNotification): void;
}

/** What a subscription shares with its client. */
export interface ListenHost {
  /**
   * Runs one opening of the stream through the client's middleware and the listen's steps, of
   * which `exchange` (`listenExchange`) is the last in the 2026 era.
   */
  listen(call: ListenCall, exchange: Next): Promise<CallResult>;
  requester: Requester;
  /** Waited for before each open (the server's capabilities decide the filter), re-probed after a restart. */
  connection: Connection;
  /** See every notification first (cache invalidation), whether or not anyone iterates. */
  observers: readonly ChangeObserver[];
  warn(warning: ClientWarning): void;
  maxReopenAttempts: number;
  reopenDelayMs(attempt: number): number;
  /** The client's default timeouts: `timeoutMs` is how long a listen waits for its first acknowledgement. */
  limits: TimeoutLimits;
  /** The client's open subscriptions (a `Subscription`); one that ends for good leaves it. */
  subscriptions: Set<{ close(): void; transportRestarted(): void }>;
}

/** The reader's side of a subscription, which its run loop feeds and ends. */
export interface ListenControl {
  readonly requested: SubscriptionFilter;
  readonly meta: Record<string, unknown> | undefined;
  readonly ended: boolean;
  /** The JSON-RPC id of the listen request just sent (the subscription id), `undefined` between opens. */
  opened(id: RequestId | undefined): void;
  /** Notifications no reader waited for, oldest first, for `next()` to take. */
  readonly queue: ListenNotification[];
  /** Gives `notification` to a reader waiting in `next()`; `false` when none waits. */
  hand(notification: ListenNotification): boolean;
  /**
   * Records an acknowledged filter and what it left out of the request; `true` for the first,
   * which settles `acknowledged`.
   */
  acknowledge(filter: SubscriptionFilter, missing: SubscriptionFilter): boolean;
  /** Ends the subscription, with `error` or (without one) normally, closed by `closedBy`. */
  finish(error?: unknown, closedBy?: 'client' | 'server'): void;
}

/** The run loop of one subscription, as its reader's side reaches it. */
export interface ListenRunner {
  /** The transport reconnected to a new peer: re-open on it, unless that already happened. */
  transportRestarted(): void;
  /** The subscription ended: close the open stream, stop waiting to re-open. */
  close(): void;
}

/**
 * The values of the first chunk the run loop uses, handed in so that its own chunk imports nothing
 * from it: a bundler would otherwise cut the modules they share out of the first chunk into one more.
 */
export interface ListenKit {
  TransportError: typeof TransportError;
  UnsupportedByServerError: typeof UnsupportedByServerError;
  CallState: typeof CallState;
  peerError: typeof peerError;
  abortable: typeof abortable;
  decodeMessage: typeof decodeMessage;
  subscriptionIdOf: typeof subscriptionIdOf;
  isAcknowledgement: typeof isAcknowledgedParams;
  isNotificationParams: typeof isNotificationParams;
  isResourceUpdatedParams: typeof isResourceUpdatedParams;
  hookedServerNotification: typeof hookedServerNotification;
  /** `ErrorCode.UnsupportedProtocolVersion`. */
  unsupportedProtocolVersion: number;
}
