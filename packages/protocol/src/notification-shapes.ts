import { isRecord } from './is-record.js';
import { optional, withinStack } from './shape-checks.js';

/*
 * The params of the notifications a client reads on a listen stream, checked by hand so a client
 * loads no schema library for them. Each predicate gives the verdict `compileCheck` gives for the
 * zod schema it names (test/notification-shapes.test.ts compares them); change both together.
 */

/** `NotificationMetaObjectSchema`: an object whose `subscriptionId`, if any, is a request id. */
function isNotificationMeta(meta: unknown): boolean {
  if (!isRecord(meta)) return false;
  const id = meta['io.modelcontextprotocol/subscriptionId'];
  return id === undefined || typeof id === 'string' || Number.isSafeInteger(id);
}

function isOptionalBoolean(value: unknown): boolean {
  return value === undefined || typeof value === 'boolean';
}

function isSubscriptionFilter(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { resourceSubscriptions } = value;
  if (resourceSubscriptions !== undefined) {
    if (!Array.isArray(resourceSubscriptions)) return false;
    for (let i = 0; i < resourceSubscriptions.length; i++) {
      if (typeof resourceSubscriptions[i] !== 'string') return false;
    }
  }
  return (
    isOptionalBoolean(value.toolsListChanged) &&
    isOptionalBoolean(value.promptsListChanged) &&
    isOptionalBoolean(value.resourcesListChanged)
  );
}

/** `NotificationParamsSchema`'s verdict: the params of a `list_changed` notification. */
export function isNotificationParams(value: unknown): boolean {
  return withinStack(checkNotificationParams, value);
}
const checkNotificationParams = (value: unknown): boolean =>
  isRecord(value) && optional(value._meta, isNotificationMeta);

/** `ResourceUpdatedNotificationParamsSchema`'s verdict. */
export function isResourceUpdatedParams(value: unknown): boolean {
  return withinStack(checkResourceUpdatedParams, value);
}
const checkResourceUpdatedParams = (value: unknown): boolean =>
  isRecord(value) && typeof value.uri === 'string' && optional(value._meta, isNotificationMeta);

/** `SubscriptionsAcknowledgedNotificationParamsSchema`'s verdict. */
export function isAcknowledgedParams(value: unknown): boolean {
  return withinStack(checkAcknowledgedParams, value);
}
const checkAcknowledgedParams = (value: unknown): boolean =>
  isRecord(value) && isSubscriptionFilter(value.notifications) && optional(value._meta, isNotificationMeta);
