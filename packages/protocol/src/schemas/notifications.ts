import * as z from 'zod/mini';
import { NotificationMetaObjectSchema, NotificationParamsSchema } from './base.js';
import { LoggingLevelSchema } from './common.js';
import { ProgressTokenSchema, RequestIdSchema } from './json.js';
import { notificationSchema } from './request-shapes.js';

const notificationMeta = z.optional(NotificationMetaObjectSchema);

const cancelledParams = z.object({
  _meta: notificationMeta,
  requestId: RequestIdSchema,
  reason: z.optional(z.string()),
});
export interface CancelledNotificationParams extends z.infer<typeof cancelledParams> {}
export const CancelledNotificationParamsSchema: z.ZodMiniType<CancelledNotificationParams> = cancelledParams;

const cancelled = notificationSchema('notifications/cancelled', CancelledNotificationParamsSchema);
export interface CancelledNotification extends z.infer<typeof cancelled> {}
export const CancelledNotificationSchema: z.ZodMiniType<CancelledNotification> = cancelled;

const progressParams = z.object({
  _meta: notificationMeta,
  progressToken: ProgressTokenSchema,
  progress: z.number(),
  total: z.optional(z.number()),
  message: z.optional(z.string()),
});
export interface ProgressNotificationParams extends z.infer<typeof progressParams> {}
export const ProgressNotificationParamsSchema: z.ZodMiniType<ProgressNotificationParams> = progressParams;

const progress = notificationSchema('notifications/progress', ProgressNotificationParamsSchema);
export interface ProgressNotification extends z.infer<typeof progress> {}
export const ProgressNotificationSchema: z.ZodMiniType<ProgressNotification> = progress;

const loggingParams = z.object({
  _meta: notificationMeta,
  level: LoggingLevelSchema,
  logger: z.optional(z.string()),
  data: z.unknown(),
});
export interface LoggingMessageNotificationParams extends z.infer<typeof loggingParams> {}
export const LoggingMessageNotificationParamsSchema: z.ZodMiniType<LoggingMessageNotificationParams> =
  loggingParams;

const logging = notificationSchema('notifications/message', LoggingMessageNotificationParamsSchema);
export interface LoggingMessageNotification extends z.infer<typeof logging> {}
export const LoggingMessageNotificationSchema: z.ZodMiniType<LoggingMessageNotification> = logging;

const listChanged = <M extends string>(method: M) =>
  z.object({
    jsonrpc: z.literal('2.0'),
    method: z.literal(method),
    params: z.optional(NotificationParamsSchema),
  });

const toolListChanged = listChanged('notifications/tools/list_changed');
export interface ToolListChangedNotification extends z.infer<typeof toolListChanged> {}
export const ToolListChangedNotificationSchema: z.ZodMiniType<ToolListChangedNotification> = toolListChanged;

const promptListChanged = listChanged('notifications/prompts/list_changed');
export interface PromptListChangedNotification extends z.infer<typeof promptListChanged> {}
export const PromptListChangedNotificationSchema: z.ZodMiniType<PromptListChangedNotification> =
  promptListChanged;

const resourceListChanged = listChanged('notifications/resources/list_changed');
export interface ResourceListChangedNotification extends z.infer<typeof resourceListChanged> {}
export const ResourceListChangedNotificationSchema: z.ZodMiniType<ResourceListChangedNotification> =
  resourceListChanged;
