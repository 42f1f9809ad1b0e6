import * as z from 'zod/v4/mini';
import { completeResultShape, NotificationMetaObjectSchema, requestParamsShape } from './base.js';
import { ImplementationSchema } from './common.js';
import { deferred } from './deferred.js';
import { RequestIdSchema } from './json.js';
import { notificationSchema, requestSchema, resultResponseSchema } from './request-shapes.js';

const subscriptionFilter = deferred(() =>
  z.object({
    toolsListChanged: z.optional(z.boolean()),
    promptsListChanged: z.optional(z.boolean()),
    resourcesListChanged: z.optional(z.boolean()),
    resourceSubscriptions: z.optional(z.array(z.string())),
  }),
);
/** Which change notifications a listen stream wants; an omitted key is not subscribed (P-76). */
export interface SubscriptionFilter extends z.infer<ReturnType<typeof subscriptionFilter>> {}
export const SubscriptionFilterSchema: z.ZodMiniType<SubscriptionFilter> = z.lazy(subscriptionFilter);

const listenRequestParams = deferred(() =>
  z.object({ ...requestParamsShape, notifications: SubscriptionFilterSchema }),
);
export interface SubscriptionsListenRequestParams extends z.infer<ReturnType<typeof listenRequestParams>> {}
export const SubscriptionsListenRequestParamsSchema: z.ZodMiniType<SubscriptionsListenRequestParams> =
  z.lazy(listenRequestParams);

const listenRequest = deferred(() =>
  requestSchema('subscriptions/listen', SubscriptionsListenRequestParamsSchema),
);
export interface SubscriptionsListenRequest extends z.infer<ReturnType<typeof listenRequest>> {}
export const SubscriptionsListenRequestSchema: z.ZodMiniType<SubscriptionsListenRequest> =
  z.lazy(listenRequest);

const listenResultMeta = deferred(() =>
  z.object({
    'io.modelcontextprotocol/serverInfo': z.optional(ImplementationSchema),
    'io.modelcontextprotocol/subscriptionId': RequestIdSchema,
  }),
);
export interface SubscriptionsListenResultMetaObject extends z.infer<ReturnType<typeof listenResultMeta>> {}
export const SubscriptionsListenResultMetaObjectSchema: z.ZodMiniType<SubscriptionsListenResultMetaObject> =
  z.lazy(listenResultMeta);

const listenResult = deferred(() =>
  z.object({ ...completeResultShape(), _meta: SubscriptionsListenResultMetaObjectSchema }),
);
/** Sent only when the server closes a listen stream gracefully (S-50). */
export interface SubscriptionsListenResult extends z.infer<ReturnType<typeof listenResult>> {}
export const SubscriptionsListenResultSchema: z.ZodMiniType<SubscriptionsListenResult> = z.lazy(listenResult);

const listenResultResponse = deferred(() => resultResponseSchema(SubscriptionsListenResultSchema));
export interface SubscriptionsListenResultResponse extends z.infer<ReturnType<typeof listenResultResponse>> {}
export const SubscriptionsListenResultResponseSchema: z.ZodMiniType<SubscriptionsListenResultResponse> =
  z.lazy(listenResultResponse);

const acknowledgedParams = deferred(() =>
  z.object({
    _meta: z.optional(NotificationMetaObjectSchema),
    notifications: SubscriptionFilterSchema,
  }),
);
export interface SubscriptionsAcknowledgedNotificationParams
  extends z.infer<ReturnType<typeof acknowledgedParams>> {}
export const SubscriptionsAcknowledgedNotificationParamsSchema: z.ZodMiniType<SubscriptionsAcknowledgedNotificationParams> =
  z.lazy(acknowledgedParams);

const acknowledged = deferred(() =>
  notificationSchema(
    'notifications/subscriptions/acknowledged',
    SubscriptionsAcknowledgedNotificationParamsSchema,
  ),
);
/** The first message of every listen stream: the subset of the filter the server honours (S-47, S-48). */
export interface SubscriptionsAcknowledgedNotification extends z.infer<ReturnType<typeof acknowledged>> {}
export const SubscriptionsAcknowledgedNotificationSchema: z.ZodMiniType<SubscriptionsAcknowledgedNotification> =
  z.lazy(acknowledged);
