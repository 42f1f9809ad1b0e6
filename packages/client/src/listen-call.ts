import type { JSONRPCNotification, RequestId, SubscriptionFilter } from '@mcpkit/protocol';
import type { CallState } from './call.js';

/** Where one opening of a listen hands what its stream brings (see `Subscription`). */
export interface ListenSink {
  /** The JSON-RPC id of the listen request just sent: the subscription id its notifications carry. */
  opened(id: RequestId): void;
  /** A change notification for the reader; `observe`: the client's observers have not seen it yet. */
  accept(notification: JSONRPCNotification, observe: boolean): void;
  /** The filter the server serves (C-40). */
  acknowledge(filter: SubscriptionFilter): void;
  /** The session the listen was made in ended (2025 era): open it again in the new one. */
  reopen(): void;
}

/**
 * One opening of a listen as a call: `subscriptions/listen` with the filter as its params, through
 * the application middleware like every call, then the listen's steps. Its result is the listen's
 * final response, which comes when the server ends the stream; what comes before goes to `sink`.
 * `signal` closes the stream. The run loop makes it (`listen-run.ts`), in its own chunk.
 */
export interface ListenCall extends CallState {
  readonly sink: ListenSink;
}

/** The filter a listen call asks for (middleware may have changed its params). */
export function listenFilter(call: CallState): SubscriptionFilter {
  return (call.params.notifications ?? {}) as SubscriptionFilter;
}
