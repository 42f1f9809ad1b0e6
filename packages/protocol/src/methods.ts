import type * as z from 'zod/v4/mini';
import { knownMethod, type MethodInfo, methodInfos } from './method-info.js';
import {
  NotificationParamsSchema,
  PaginatedRequestParamsSchema,
  RequestParamsSchema,
} from './schemas/base.js';
import { CompleteRequestParamsSchema, CompleteResultSchema } from './schemas/completion.js';
import { DiscoverResultSchema } from './schemas/discover.js';
import {
  CancelledNotificationParamsSchema,
  LoggingMessageNotificationParamsSchema,
  ProgressNotificationParamsSchema,
} from './schemas/notifications.js';
import {
  GetPromptRequestParamsSchema,
  GetPromptResultSchema,
  ListPromptsResultSchema,
} from './schemas/prompts.js';
import {
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceRequestParamsSchema,
  ReadResourceResultSchema,
  ResourceUpdatedNotificationParamsSchema,
} from './schemas/resources.js';
import {
  SubscriptionsAcknowledgedNotificationParamsSchema,
  SubscriptionsListenRequestParamsSchema,
  SubscriptionsListenResultSchema,
} from './schemas/subscriptions.js';
import { CallToolRequestParamsSchema, CallToolResultSchema, ListToolsResultSchema } from './schemas/tools.js';

/** What the protocol says about one client→server request method (digest §1.6). */
export interface MethodSpec<P extends z.ZodMiniType = z.ZodMiniType, R extends z.ZodMiniType = z.ZodMiniType>
  extends MethodInfo {
  /** Schema of `params`, `_meta` included. */
  readonly params: P;
  /** Schema of the `complete` result. */
  readonly result: R;
}

function method<P extends z.ZodMiniType, R extends z.ZodMiniType>(
  name: keyof typeof methodInfos,
  params: P,
  result: R,
): MethodSpec<P, R> {
  return { params, result, ...methodInfos[name] };
}

/** Every request method of 2026-07-28 (the `ClientRequest` union). */
export const methods = {
  'server/discover': method('server/discover', RequestParamsSchema, DiscoverResultSchema),
  'tools/list': method('tools/list', PaginatedRequestParamsSchema, ListToolsResultSchema),
  'tools/call': method('tools/call', CallToolRequestParamsSchema, CallToolResultSchema),
  'prompts/list': method('prompts/list', PaginatedRequestParamsSchema, ListPromptsResultSchema),
  'prompts/get': method('prompts/get', GetPromptRequestParamsSchema, GetPromptResultSchema),
  'resources/list': method('resources/list', PaginatedRequestParamsSchema, ListResourcesResultSchema),
  'resources/templates/list': method(
    'resources/templates/list',
    PaginatedRequestParamsSchema,
    ListResourceTemplatesResultSchema,
  ),
  'resources/read': method('resources/read', ReadResourceRequestParamsSchema, ReadResourceResultSchema),
  'completion/complete': method('completion/complete', CompleteRequestParamsSchema, CompleteResultSchema),
  'subscriptions/listen': method(
    'subscriptions/listen',
    SubscriptionsListenRequestParamsSchema,
    SubscriptionsListenResultSchema,
  ),
} as const;

export type Method = keyof typeof methods;
export type ParamsOf<M extends Method> = z.infer<(typeof methods)[M]['params']>;
export type ResultOf<M extends Method> = z.infer<(typeof methods)[M]['result']>;

/** The spec of `name`, or `undefined` for a method 2026-07-28 does not define. */
export function methodSpec(name: string): MethodSpec | undefined {
  const known = knownMethod(name);
  return known === undefined ? undefined : methods[known];
}

/** What the protocol says about one notification method. */
export interface NotificationSpec<P extends z.ZodMiniType = z.ZodMiniType> {
  readonly params: P;
  readonly paramsRequired: boolean;
  readonly direction: 'client-to-server' | 'server-to-client' | 'both';
  /** Sent only on `subscriptions/listen` streams, tagged with the subscription id (P-39). */
  readonly listenOnly: boolean;
}

function notification<P extends z.ZodMiniType>(
  params: P,
  direction: NotificationSpec['direction'],
  options: { paramsRequired?: boolean; listenOnly?: boolean } = {},
): NotificationSpec<P> {
  return {
    params,
    direction,
    paramsRequired: options.paramsRequired ?? true,
    listenOnly: options.listenOnly ?? false,
  };
}

/** Every notification method of 2026-07-28. */
export const notifications = {
  'notifications/cancelled': notification(CancelledNotificationParamsSchema, 'both'),
  'notifications/progress': notification(ProgressNotificationParamsSchema, 'server-to-client'),
  'notifications/message': notification(LoggingMessageNotificationParamsSchema, 'server-to-client'),
  'notifications/subscriptions/acknowledged': notification(
    SubscriptionsAcknowledgedNotificationParamsSchema,
    'server-to-client',
    { listenOnly: true },
  ),
  'notifications/tools/list_changed': notification(NotificationParamsSchema, 'server-to-client', {
    paramsRequired: false,
    listenOnly: true,
  }),
  'notifications/prompts/list_changed': notification(NotificationParamsSchema, 'server-to-client', {
    paramsRequired: false,
    listenOnly: true,
  }),
  'notifications/resources/list_changed': notification(NotificationParamsSchema, 'server-to-client', {
    paramsRequired: false,
    listenOnly: true,
  }),
  'notifications/resources/updated': notification(
    ResourceUpdatedNotificationParamsSchema,
    'server-to-client',
    {
      listenOnly: true,
    },
  ),
} as const;

export type NotificationMethod = keyof typeof notifications;

/** The spec of a notification method, or `undefined` for one 2026-07-28 does not define. */
export function notificationSpec(name: string): NotificationSpec | undefined {
  return Object.hasOwn(notifications, name) ? notifications[name as NotificationMethod] : undefined;
}
