import type { JSONRPCNotification, SubscriptionFilter } from '@mcpkit/protocol';
import type { ListenNotification } from './listen-checks.js';
import type { ListenControl, ListenHost, ListenKit } from './listen-contract.js';
import { unacknowledged } from './listen-filters.js';

// What a listen stream hands its subscription's reader: part of the chunk of `listen-run.ts`, loaded
// with it. It imports nothing from the first chunk at run time (see `ListenKit`).

/** Notifications held for a slow reader; beyond this the oldest go (duplicates are merged first). */
const MAX_QUEUED = 1000;

/** The params check of each change notification a listen delivers, made on first use. */
let checks: Map<string, (params: unknown) => boolean> | undefined;

/** Whether `notification` is a change notification a listen delivers, with valid params. */
function isListenNotification(
  notification: JSONRPCNotification,
  kit: ListenKit,
): notification is ListenNotification {
  checks ??= new Map([
    ['notifications/tools/list_changed', kit.isNotificationParams],
    ['notifications/prompts/list_changed', kit.isNotificationParams],
    ['notifications/resources/list_changed', kit.isNotificationParams],
    ['notifications/resources/updated', kit.isResourceUpdatedParams],
  ]);
  return checks.get(notification.method)?.(notification.params ?? {}) === true;
}

/** Whether two queued notifications say the same thing (same method, same resource). */
function sameNotification(a: ListenNotification, b: ListenNotification): boolean {
  return a.method === b.method && (a.params as { uri?: string })?.uri === (b.params as { uri?: string })?.uri;
}

/**
 * Hands a change notification to the reader of `control` (and first to the client's observers,
 * unless they saw it): to a reader waiting in `next()`, else to the queue, unless one saying the
 * same is queued already.
 */
export function deliver(
  control: ListenControl,
  host: ListenHost,
  kit: ListenKit,
  notification: JSONRPCNotification,
  observe: boolean,
): void {
  if (!isListenNotification(notification, kit)) return;
  if (observe) for (const observer of host.observers) observer.observe(notification);
  if (control.hand(notification)) return;
  const queue = control.queue;
  if (queue.some((queued) => sameNotification(queued, notification))) return;
  if (queue.length >= MAX_QUEUED) queue.shift();
  queue.push(notification);
}

/** Records an acknowledged filter; the first settles `acknowledged` and warns about what is missing (C-40). */
export function acknowledge(control: ListenControl, host: ListenHost, filter: SubscriptionFilter): void {
  const missing = unacknowledged(control.requested, filter);
  if (control.acknowledge(filter, missing) && Object.keys(missing).length > 0) {
    host.warn({ kind: 'subscription-degraded', missing });
  }
}
