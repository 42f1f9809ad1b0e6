import type {
  JSONRPCNotification,
  RequestId,
  ServerCapabilities,
  SubscriptionFilter,
} from '@mcpkit/protocol';
import { MetaKey } from '@mcpkit/protocol/internal';
import type { ServerEvent } from './event-bus.js';

/**
 * The part of a requested filter this server honours (S-48): list-changed types whose capability
 * declares `listChanged`, and resource subscriptions when `resources.subscribe` is declared. What
 * the server cannot deliver is left out of the acknowledgement, never refused.
 */
export function honouredFilter(
  requested: SubscriptionFilter,
  capabilities: ServerCapabilities,
): SubscriptionFilter {
  const honoured: SubscriptionFilter = {};
  if (requested.toolsListChanged === true && capabilities.tools?.listChanged === true) {
    honoured.toolsListChanged = true;
  }
  if (requested.promptsListChanged === true && capabilities.prompts?.listChanged === true) {
    honoured.promptsListChanged = true;
  }
  if (requested.resourcesListChanged === true && capabilities.resources?.listChanged === true) {
    honoured.resourcesListChanged = true;
  }
  if (requested.resourceSubscriptions !== undefined && capabilities.resources?.subscribe === true) {
    honoured.resourceSubscriptions = [...new Set(requested.resourceSubscriptions)];
  }
  return honoured;
}

/**
 * Whether an updated resource falls under a subscribed URI: the same URI, or a sub-resource of it
 * (a path below it, TS:1413).
 */
export function coversUri(subscribed: string, updated: string): boolean {
  if (updated === subscribed) return true;
  if (!updated.startsWith(subscribed)) return false;
  return subscribed.endsWith('/') || updated[subscribed.length] === '/';
}

/** A listen filter with the tasks extension's `taskIds`. */
export type ListenFilter = SubscriptionFilter & { taskIds?: string[] };

/** Whether a listen stream with the (honoured) `filter` wants `event` (S-46, X-15). */
export function wantsEvent(filter: ListenFilter, event: ServerEvent): boolean {
  switch (event.type) {
    case 'tools/list_changed':
      return filter.toolsListChanged === true;
    case 'prompts/list_changed':
      return filter.promptsListChanged === true;
    case 'resources/list_changed':
      return filter.resourcesListChanged === true;
    case 'resources/updated':
      return filter.resourceSubscriptions?.some((uri) => coversUri(uri, event.uri)) ?? false;
    case 'tasks/status':
      return filter.taskIds?.includes(event.task.taskId) ?? false;
  }
}

/** The notification for `event` on the stream of listen request `subscriptionId` (S-49). */
export function listenNotification(event: ServerEvent, subscriptionId: RequestId): JSONRPCNotification {
  const _meta = { [MetaKey.subscriptionId]: subscriptionId };
  if (event.type === 'resources/updated') {
    return { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta, uri: event.uri } };
  }
  if (event.type === 'tasks/status') {
    return { jsonrpc: '2.0', method: 'notifications/tasks', params: { _meta, ...event.task } };
  }
  return { jsonrpc: '2.0', method: `notifications/${event.type}`, params: { _meta } };
}

/** The first message of every listen stream (S-47). */
export function acknowledgement(filter: SubscriptionFilter, subscriptionId: RequestId): JSONRPCNotification {
  return {
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { [MetaKey.subscriptionId]: subscriptionId }, notifications: filter },
  };
}
