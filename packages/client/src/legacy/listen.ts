import type { JSONRPCNotification, SubscriptionFilter } from '@mcpkit/protocol';
import type { TimeoutLimits } from '../exchange.js';
import type { Requester } from '../requester.js';
import { exchangeLegacy } from './framing.js';
import { kit } from './kit.js';

type Listener = (notification: JSONRPCNotification) => void;

/**
 * What a 2025-era session sends outside any request (fed by `LegacyServerStream`), for the listens
 * of that era, and when a new session starts: a subscription made with `resources/subscribe`
 * belongs to the session it was made in.
 */
export class LegacyListenHub {
  readonly #listeners = new Set<Listener>();
  readonly #sessionListeners = new Set<() => void>();
  readonly #refusalListeners = new Set<() => void>();
  #session = 0;
  #streamRefused = false;

  /** Counts sessions: it changes each time `initialize` starts a new one. */
  get session(): number {
    return this.#session;
  }

  deliver(notification: JSONRPCNotification): void {
    for (const listener of this.#listeners) listener(notification);
  }

  /** Whether the current session's server refused its standalone stream (HTTP 405 to `GET`). */
  get streamRefused(): boolean {
    return this.#streamRefused;
  }

  sessionStarted(): void {
    this.#session++;
    this.#streamRefused = false;
    for (const listener of this.#sessionListeners) listener();
  }

  /** The server offers the session no stream outside requests: nothing a listen asks for can come. */
  refuseStream(): void {
    this.#streamRefused = true;
    for (const listener of this.#refusalListeners) listener();
  }

  /**
   * Adds `listener` for notifications, `onSession` for new sessions and `onRefused` for a refused
   * stream; returns their removal.
   */
  add(listener: Listener, onSession: () => void, onRefused: () => void): () => void {
    this.#listeners.add(listener);
    this.#sessionListeners.add(onSession);
    this.#refusalListeners.add(onRefused);
    return () => {
      this.#listeners.delete(listener);
      this.#sessionListeners.delete(onSession);
      this.#refusalListeners.delete(onRefused);
    };
  }
}

/** What one legacy listen needs. */
export interface LegacyListenContext {
  hub: LegacyListenHub;
  requester: Requester;
  limits: TimeoutLimits;
  /** The notifications of the listen's filter, as they come. */
  accept(notification: JSONRPCNotification): void;
  /** The filter the session serves: what `resources/subscribe` granted, with the list types. */
  acknowledge(filter: SubscriptionFilter): void;
}

const LIST_CHANGED: Record<string, keyof SubscriptionFilter> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
};

/** Sends `resources/subscribe` or `resources/unsubscribe` for `uri`; a refusal is an `McpError`. */
async function subscription(
  context: LegacyListenContext,
  method: 'resources/subscribe' | 'resources/unsubscribe',
  uri: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { timeoutMs, maxTotalTimeoutMs } = context.limits;
  const options = { timeoutMs, maxTotalTimeoutMs, signal, resetTimeoutOnProgress: false };
  const call = new kit.CallState(method, { uri }, options, Date.now() + maxTotalTimeoutMs);
  const response = await exchangeLegacy(context.requester, call);
  if ('error' in response) throw kit.peerError(response, method, { uri });
}

/**
 * A listen on a 2025-era server (the same `Subscription` API as a 2026 `subscriptions/listen`):
 * the list types of `filter` are served by the `list_changed` notifications the session sends
 * anyway, each resource URI by `resources/subscribe`, then its `notifications/resources/updated`.
 * A URI the server refuses is left out of the acknowledged filter (C-40). Resolves `'closed'` when
 * `signal` aborts, after `resources/unsubscribe` for what it subscribed (sent, not awaited), or
 * `'reopen'` when a new session starts, whose subscriptions must be made again. Rejects with
 * `ServerStreamRefusedError` once the server refuses the session's stream (HTTP 405 to `GET`, which
 * the spec allows): nothing of the filter can reach the client then, and this client reads
 * notifications outside requests from that stream only.
 *
 * @example
 * ```ts
 * const outcome = await listenLegacy(context, { toolsListChanged: true }, signal); // 'closed' once aborted
 * ```
 */
export async function listenLegacy(
  context: LegacyListenContext,
  filter: SubscriptionFilter,
  signal: AbortSignal,
): Promise<'closed' | 'reopen'> {
  const session = context.hub.session;
  const granted = new Set<string>();
  const listener = (notification: JSONRPCNotification) => {
    const flag = LIST_CHANGED[notification.method];
    if (flag !== undefined ? filter[flag] === true : isGrantedUpdate(notification, granted)) {
      context.accept(notification);
    }
  };
  let wake: ((outcome: 'closed' | 'reopen' | 'refused') => void) | undefined;
  let newSession = false;
  const remove = context.hub.add(
    listener,
    () => {
      newSession = true;
      wake?.('reopen');
    },
    () => wake?.('refused'),
  );
  try {
    if (context.hub.streamRefused) throw new kit.ServerStreamRefusedError();
    for (const uri of filter.resourceSubscriptions ?? []) {
      try {
        await subscription(context, 'resources/subscribe', uri, signal);
        granted.add(uri);
      } catch (error) {
        if (!(error instanceof kit.McpError)) throw error;
      }
    }
    const acknowledged: SubscriptionFilter = { ...filter };
    if (filter.resourceSubscriptions !== undefined) acknowledged.resourceSubscriptions = [...granted];
    context.acknowledge(acknowledged);
    const outcome = await new Promise<'closed' | 'reopen' | 'refused'>((resolve) => {
      wake = resolve;
      if (newSession) resolve('reopen');
      if (context.hub.streamRefused) resolve('refused');
      if (signal.aborted) resolve('closed');
      signal.addEventListener('abort', () => resolve('closed'), { once: true });
    });
    if (outcome === 'refused') throw new kit.ServerStreamRefusedError();
    return outcome;
  } finally {
    remove();
    if (context.hub.session === session) {
      for (const uri of granted) {
        subscription(context, 'resources/unsubscribe', uri, undefined).catch(() => {});
      }
    }
  }
}

function isGrantedUpdate(notification: JSONRPCNotification, granted: Set<string>): boolean {
  const uri = notification.params?.uri;
  return (
    notification.method === 'notifications/resources/updated' && typeof uri === 'string' && granted.has(uri)
  );
}
