import * as z from 'zod/mini';
import { NotificationMetaObjectSchema, requestParamsShape, resultShape } from './base.js';
import { ImplementationSchema } from './common.js';
import { RequestIdSchema } from './json.js';
import { notificationSchema, requestSchema, resultResponseSchema } from './request-shapes.js';

const subscriptionFilter = z.object({
  toolsListChanged: z.optional(z.boolean()),
  promptsListChanged: z.optional(z.boolean()),
  resourcesListChanged: z.optional(z.boolean()),
  resourceSubscriptions: z.optional(z.array(z.string())),
});
/** Which change notifications a listen stream wants; an omitted key is not subscribed (P-76). */
export interface SubscriptionFilter extends z.infer<typeof subscriptionFilter> {}
export const SubscriptionFilterSchema: z.ZodMiniType<SubscriptionFilter> = subscriptionFilter;

const listenRequestParams = z.object({ ...requestParamsShape, notifications: SubscriptionFilterSchema });
export interface SubscriptionsListenRequestParams extends z.infer<typeof listenRequestParams> {}
export const SubscriptionsListenRequestParamsSchema: z.ZodMiniType<SubscriptionsListenRequestParams> =
  listenRequestParams;

const listenRequest = requestSchema('subscriptions/listen', SubscriptionsListenRequestParamsSchema);
export interface SubscriptionsListenRequest extends z.infer<typeof listenRequest> {}
export const SubscriptionsListenRequestSchema: z.ZodMiniType<SubscriptionsListenRequest> = listenRequest;

const listenResultMeta = z.object({
  'io.modelcontextprotocol/serverInfo': z.optional(ImplementationSchema),
  'io.modelcontextprotocol/subscriptionId': RequestIdSchema,
});
export interface SubscriptionsListenResultMetaObject extends z.infer<typeof listenResultMeta> {}
export const SubscriptionsListenResultMetaObjectSchema: z.ZodMiniType<SubscriptionsListenResultMetaObject> =
  listenResultMeta;

const listenResult = z.object({ ...resultShape, _meta: SubscriptionsListenResultMetaObjectSchema });
/** Sent only when the server closes a listen stream gracefully (S-50). */
export interface SubscriptionsListenResult extends z.infer<typeof listenResult> {}
export const SubscriptionsListenResultSchema: z.ZodMiniType<SubscriptionsListenResult> = listenResult;

const listenResultResponse = resultResponseSchema(SubscriptionsListenResultSchema);
export interface SubscriptionsListenResultResponse extends z.infer<typeof listenResultResponse> {}
export const SubscriptionsListenResultResponseSchema: z.ZodMiniType<SubscriptionsListenResultResponse> =
  listenResultResponse;

const acknowledgedParams = z.object({
  _meta: z.optional(NotificationMetaObjectSchema),
  notifications: SubscriptionFilterSchema,
});
export interface SubscriptionsAcknowledgedNotificationParams extends z.infer<typeof acknowledgedParams> {}
export const SubscriptionsAcknowledgedNotificationParamsSchema: z.ZodMiniType<SubscriptionsAcknowledgedNotificationParams> =
  acknowledgedParams;

const acknowledged = notificationSchema(
  'notifications/subscriptions/acknowledged',
  SubscriptionsAcknowledgedNotificationParamsSchema,
);
/** The first message of every listen stream: the subset of the filter the server honours (S-47, S-48). */
export interface SubscriptionsAcknowledgedNotification extends z.infer<typeof acknowledged> {}
export const SubscriptionsAcknowledgedNotificationSchema: z.ZodMiniType<SubscriptionsAcknowledgedNotification> =
  acknowledged;
