import * as z from 'zod/v4/mini';
import { NotificationMetaObjectSchema, NotificationParamsSchema } from './base.js';
import { LoggingLevelSchema } from './common.js';
import { deferred } from './deferred.js';
import { ProgressTokenSchema, RequestIdSchema } from './json.js';
import { notificationSchema } from './request-shapes.js';

const notificationMeta = deferred(() => z.optional(NotificationMetaObjectSchema));

const cancelledParams = deferred(() =>
  z.object({
    _meta: notificationMeta(),
    requestId: RequestIdSchema,
    reason: z.optional(z.string()),
  }),
);
export interface CancelledNotificationParams extends z.infer<ReturnType<typeof cancelledParams>> {}
export const CancelledNotificationParamsSchema: z.ZodMiniType<CancelledNotificationParams> =
  z.lazy(cancelledParams);

const cancelled = deferred(() =>
  notificationSchema('notifications/cancelled', CancelledNotificationParamsSchema),
);
export interface CancelledNotification extends z.infer<ReturnType<typeof cancelled>> {}
export const CancelledNotificationSchema: z.ZodMiniType<CancelledNotification> = z.lazy(cancelled);

const progressParams = deferred(() =>
  z.object({
    _meta: notificationMeta(),
    progressToken: ProgressTokenSchema,
    progress: z.number(),
    total: z.optional(z.number()),
    message: z.optional(z.string()),
  }),
);
export interface ProgressNotificationParams extends z.infer<ReturnType<typeof progressParams>> {}
export const ProgressNotificationParamsSchema: z.ZodMiniType<ProgressNotificationParams> =
  z.lazy(progressParams);

const progress = deferred(() =>
  notificationSchema('notifications/progress', ProgressNotificationParamsSchema),
);
export interface ProgressNotification extends z.infer<ReturnType<typeof progress>> {}
export const ProgressNotificationSchema: z.ZodMiniType<ProgressNotification> = z.lazy(progress);

const loggingParams = deferred(() =>
  z.object({
    _meta: notificationMeta(),
    level: LoggingLevelSchema,
    logger: z.optional(z.string()),
    data: z.unknown(),
  }),
);
export interface LoggingMessageNotificationParams extends z.infer<ReturnType<typeof loggingParams>> {}
export const LoggingMessageNotificationParamsSchema: z.ZodMiniType<LoggingMessageNotificationParams> =
  z.lazy(loggingParams);

const logging = deferred(() =>
  notificationSchema('notifications/message', LoggingMessageNotificationParamsSchema),
);
export interface LoggingMessageNotification extends z.infer<ReturnType<typeof logging>> {}
export const LoggingMessageNotificationSchema: z.ZodMiniType<LoggingMessageNotification> = z.lazy(logging);

const listChanged = <M extends string>(method: M) =>
  z.object({
    jsonrpc: z.literal('2.0'),
    method: z.literal(method),
    params: z.optional(NotificationParamsSchema),
  });

const toolListChanged = deferred(() => listChanged('notifications/tools/list_changed'));
export interface ToolListChangedNotification extends z.infer<ReturnType<typeof toolListChanged>> {}
export const ToolListChangedNotificationSchema: z.ZodMiniType<ToolListChangedNotification> =
  z.lazy(toolListChanged);

const promptListChanged = deferred(() => listChanged('notifications/prompts/list_changed'));
export interface PromptListChangedNotification extends z.infer<ReturnType<typeof promptListChanged>> {}
export const PromptListChangedNotificationSchema: z.ZodMiniType<PromptListChangedNotification> =
  z.lazy(promptListChanged);

const resourceListChanged = deferred(() => listChanged('notifications/resources/list_changed'));
export interface ResourceListChangedNotification extends z.infer<ReturnType<typeof resourceListChanged>> {}
export const ResourceListChangedNotificationSchema: z.ZodMiniType<ResourceListChangedNotification> =
  z.lazy(resourceListChanged);
