import type {
  JSONRPCNotification,
  PromptListChangedNotification,
  ResourceListChangedNotification,
  ResourceUpdatedNotification,
  ToolListChangedNotification,
} from '@mcpkit/protocol';
import {
  isAcknowledgedParams,
  isNotificationParams,
  isResourceUpdatedParams,
} from '@mcpkit/protocol/internal';

/** A change notification delivered on a listen stream. */
export type ListenNotification =
  | ToolListChangedNotification
  | PromptListChangedNotification
  | ResourceListChangedNotification
  | ResourceUpdatedNotification;

const listenChecks = new Map<string, (params: unknown) => boolean>([
  ['notifications/tools/list_changed', isNotificationParams],
  ['notifications/prompts/list_changed', isNotificationParams],
  ['notifications/resources/list_changed', isNotificationParams],
  ['notifications/resources/updated', isResourceUpdatedParams],
]);

/** Whether `notification` is a change notification a listen delivers, with valid params. */
export function isListenNotification(notification: JSONRPCNotification): notification is ListenNotification {
  return listenChecks.get(notification.method)?.(notification.params ?? {}) === true;
}

/** Whether `params` are those of `notifications/subscriptions/acknowledged`. */
export const isAcknowledgement = isAcknowledgedParams;

/** Whether two queued notifications say the same thing (same method, same resource). */
export function sameNotification(a: ListenNotification, b: ListenNotification): boolean {
  return a.method === b.method && (a.params as { uri?: string })?.uri === (b.params as { uri?: string })?.uri;
}
