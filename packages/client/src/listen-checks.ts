import {
  type JSONRPCNotification,
  notificationSpec,
  SubscriptionsAcknowledgedNotificationParamsSchema,
} from '@mcpkit/protocol';
import { compileCheck } from '@mcpkit/protocol/internal';
import type { ListenNotification } from './subscription.js';

const listenChecks = new Map(
  [
    'notifications/tools/list_changed',
    'notifications/prompts/list_changed',
    'notifications/resources/list_changed',
    'notifications/resources/updated',
  ].map((method) => [method, compileCheck(notificationSpec(method)!.params)]),
);

/** Whether `notification` is a change notification a listen delivers, with valid params. */
export function isListenNotification(notification: JSONRPCNotification): notification is ListenNotification {
  return listenChecks.get(notification.method)?.(notification.params ?? {}) === true;
}

/** Whether `params` are those of `notifications/subscriptions/acknowledged`. */
export const isAcknowledgement = compileCheck(SubscriptionsAcknowledgedNotificationParamsSchema);

/** Whether two queued notifications say the same thing (same method, same resource). */
export function sameNotification(a: ListenNotification, b: ListenNotification): boolean {
  return a.method === b.method && (a.params as { uri?: string })?.uri === (b.params as { uri?: string })?.uri;
}
