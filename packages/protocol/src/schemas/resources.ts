import * as z from 'zod/v4/mini';
import {
  cacheShape,
  completeResultShape,
  NotificationMetaObjectSchema,
  PaginatedRequestParamsSchema,
  paginatedResultShape,
  requestParamsShape,
} from './base.js';
import { AnnotationsSchema, IconSchema, optionalMeta } from './common.js';
import { BlobResourceContentsSchema, ResourceSchema, TextResourceContentsSchema } from './content.js';
import { deferred } from './deferred.js';
import { InputRequiredResultSchema, inputResponseShape } from './input-required.js';
import { notificationSchema, requestSchema, resultResponseSchema } from './request-shapes.js';

const resourceTemplate = deferred(() =>
  z.object({
    uriTemplate: z.string(),
    name: z.string(),
    title: z.optional(z.string()),
    description: z.optional(z.string()),
    mimeType: z.optional(z.string()),
    annotations: z.optional(AnnotationsSchema),
    icons: z.optional(z.array(IconSchema)),
    _meta: optionalMeta(),
  }),
);
/** A family of resources named by an RFC 6570 URI template (P-58). */
export interface ResourceTemplate extends z.infer<ReturnType<typeof resourceTemplate>> {}
export const ResourceTemplateSchema: z.ZodMiniType<ResourceTemplate> = z.lazy(resourceTemplate);

const listResourcesRequest = deferred(() => requestSchema('resources/list', PaginatedRequestParamsSchema));
export interface ListResourcesRequest extends z.infer<ReturnType<typeof listResourcesRequest>> {}
export const ListResourcesRequestSchema: z.ZodMiniType<ListResourcesRequest> = z.lazy(listResourcesRequest);

const listResourcesResult = deferred(() =>
  z.object({
    ...paginatedResultShape(),
    ...cacheShape(),
    resources: z.array(ResourceSchema),
  }),
);
export interface ListResourcesResult extends z.infer<ReturnType<typeof listResourcesResult>> {}
export const ListResourcesResultSchema: z.ZodMiniType<ListResourcesResult> = z.lazy(listResourcesResult);

const listResourcesResultResponse = deferred(() => resultResponseSchema(ListResourcesResultSchema));
export interface ListResourcesResultResponse
  extends z.infer<ReturnType<typeof listResourcesResultResponse>> {}
export const ListResourcesResultResponseSchema: z.ZodMiniType<ListResourcesResultResponse> =
  z.lazy(listResourcesResultResponse);

const listResourceTemplatesRequest = deferred(() =>
  requestSchema('resources/templates/list', PaginatedRequestParamsSchema),
);
export interface ListResourceTemplatesRequest
  extends z.infer<ReturnType<typeof listResourceTemplatesRequest>> {}
export const ListResourceTemplatesRequestSchema: z.ZodMiniType<ListResourceTemplatesRequest> = z.lazy(
  listResourceTemplatesRequest,
);

const listResourceTemplatesResult = deferred(() =>
  z.object({
    ...paginatedResultShape(),
    ...cacheShape(),
    resourceTemplates: z.array(ResourceTemplateSchema),
  }),
);
export interface ListResourceTemplatesResult
  extends z.infer<ReturnType<typeof listResourceTemplatesResult>> {}
export const ListResourceTemplatesResultSchema: z.ZodMiniType<ListResourceTemplatesResult> =
  z.lazy(listResourceTemplatesResult);

const listResourceTemplatesResultResponse = deferred(() =>
  resultResponseSchema(ListResourceTemplatesResultSchema),
);
export interface ListResourceTemplatesResultResponse
  extends z.infer<ReturnType<typeof listResourceTemplatesResultResponse>> {}
export const ListResourceTemplatesResultResponseSchema: z.ZodMiniType<ListResourceTemplatesResultResponse> =
  z.lazy(listResourceTemplatesResultResponse);

const resourceRequestParams = deferred(() => z.object({ ...requestParamsShape, uri: z.string() }));
export interface ResourceRequestParams extends z.infer<ReturnType<typeof resourceRequestParams>> {}
export const ResourceRequestParamsSchema: z.ZodMiniType<ResourceRequestParams> =
  z.lazy(resourceRequestParams);

const readResourceRequestParams = deferred(() =>
  z.object({ ...requestParamsShape, uri: z.string(), ...inputResponseShape() }),
);
export interface ReadResourceRequestParams extends z.infer<ReturnType<typeof readResourceRequestParams>> {}
export const ReadResourceRequestParamsSchema: z.ZodMiniType<ReadResourceRequestParams> =
  z.lazy(readResourceRequestParams);

const readResourceRequest = deferred(() => requestSchema('resources/read', ReadResourceRequestParamsSchema));
export interface ReadResourceRequest extends z.infer<ReturnType<typeof readResourceRequest>> {}
export const ReadResourceRequestSchema: z.ZodMiniType<ReadResourceRequest> = z.lazy(readResourceRequest);

const readResourceResult = deferred(() =>
  z.object({
    ...completeResultShape(),
    ...cacheShape(),
    contents: z.array(z.union([TextResourceContentsSchema, BlobResourceContentsSchema])),
  }),
);
export interface ReadResourceResult extends z.infer<ReturnType<typeof readResourceResult>> {}
export const ReadResourceResultSchema: z.ZodMiniType<ReadResourceResult> = z.lazy(readResourceResult);

const readResourceResultResponse = deferred(() =>
  resultResponseSchema(z.union([InputRequiredResultSchema, ReadResourceResultSchema])),
);
/**
 * Parsing with this schema discriminates on `resultType` but applies no receiver rule: a result
 * without `resultType` fails it, and `input_required` without `inputRequests` or `requestState`
 * passes. `decodeAs('ReadResourceResultResponse', value)` applies them (P-17, P-73, Q-8).
 */
export interface ReadResourceResultResponse extends z.infer<ReturnType<typeof readResourceResultResponse>> {}
export const ReadResourceResultResponseSchema: z.ZodMiniType<ReadResourceResultResponse> =
  z.lazy(readResourceResultResponse);

const resourceUpdatedNotificationParams = deferred(() =>
  z.object({
    _meta: z.optional(NotificationMetaObjectSchema),
    uri: z.string(),
  }),
);
export interface ResourceUpdatedNotificationParams
  extends z.infer<ReturnType<typeof resourceUpdatedNotificationParams>> {}
export const ResourceUpdatedNotificationParamsSchema: z.ZodMiniType<ResourceUpdatedNotificationParams> =
  z.lazy(resourceUpdatedNotificationParams);

const resourceUpdatedNotification = deferred(() =>
  notificationSchema('notifications/resources/updated', ResourceUpdatedNotificationParamsSchema),
);
export interface ResourceUpdatedNotification
  extends z.infer<ReturnType<typeof resourceUpdatedNotification>> {}
export const ResourceUpdatedNotificationSchema: z.ZodMiniType<ResourceUpdatedNotification> =
  z.lazy(resourceUpdatedNotification);
