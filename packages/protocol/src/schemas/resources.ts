import * as z from 'zod/mini';
import {
  cacheShape,
  NotificationMetaObjectSchema,
  PaginatedRequestParamsSchema,
  paginatedResultShape,
  requestParamsShape,
  resultShape,
} from './base.js';
import { AnnotationsSchema, IconSchema, optionalMeta } from './common.js';
import { BlobResourceContentsSchema, ResourceSchema, TextResourceContentsSchema } from './content.js';
import { InputRequiredResultSchema, inputResponseShape } from './mrtr.js';
import { notificationSchema, requestSchema, resultResponseSchema } from './request-shapes.js';

const resourceTemplate = z.object({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  annotations: z.optional(AnnotationsSchema),
  icons: z.optional(z.array(IconSchema)),
  _meta: optionalMeta,
});
/** A family of resources named by an RFC 6570 URI template (P-58). */
export interface ResourceTemplate extends z.infer<typeof resourceTemplate> {}
export const ResourceTemplateSchema: z.ZodMiniType<ResourceTemplate> = resourceTemplate;

const listResourcesRequest = requestSchema('resources/list', PaginatedRequestParamsSchema);
export interface ListResourcesRequest extends z.infer<typeof listResourcesRequest> {}
export const ListResourcesRequestSchema: z.ZodMiniType<ListResourcesRequest> = listResourcesRequest;

const listResourcesResult = z.object({
  ...paginatedResultShape,
  ...cacheShape,
  resources: z.array(ResourceSchema),
});
export interface ListResourcesResult extends z.infer<typeof listResourcesResult> {}
export const ListResourcesResultSchema: z.ZodMiniType<ListResourcesResult> = listResourcesResult;

const listResourcesResultResponse = resultResponseSchema(ListResourcesResultSchema);
export interface ListResourcesResultResponse extends z.infer<typeof listResourcesResultResponse> {}
export const ListResourcesResultResponseSchema: z.ZodMiniType<ListResourcesResultResponse> =
  listResourcesResultResponse;

const listResourceTemplatesRequest = requestSchema('resources/templates/list', PaginatedRequestParamsSchema);
export interface ListResourceTemplatesRequest extends z.infer<typeof listResourceTemplatesRequest> {}
export const ListResourceTemplatesRequestSchema: z.ZodMiniType<ListResourceTemplatesRequest> =
  listResourceTemplatesRequest;

const listResourceTemplatesResult = z.object({
  ...paginatedResultShape,
  ...cacheShape,
  resourceTemplates: z.array(ResourceTemplateSchema),
});
export interface ListResourceTemplatesResult extends z.infer<typeof listResourceTemplatesResult> {}
export const ListResourceTemplatesResultSchema: z.ZodMiniType<ListResourceTemplatesResult> =
  listResourceTemplatesResult;

const listResourceTemplatesResultResponse = resultResponseSchema(ListResourceTemplatesResultSchema);
export interface ListResourceTemplatesResultResponse
  extends z.infer<typeof listResourceTemplatesResultResponse> {}
export const ListResourceTemplatesResultResponseSchema: z.ZodMiniType<ListResourceTemplatesResultResponse> =
  listResourceTemplatesResultResponse;

const resourceRequestParams = z.object({ ...requestParamsShape, uri: z.string() });
export interface ResourceRequestParams extends z.infer<typeof resourceRequestParams> {}
export const ResourceRequestParamsSchema: z.ZodMiniType<ResourceRequestParams> = resourceRequestParams;

const readResourceRequestParams = z.object({ ...requestParamsShape, uri: z.string(), ...inputResponseShape });
export interface ReadResourceRequestParams extends z.infer<typeof readResourceRequestParams> {}
export const ReadResourceRequestParamsSchema: z.ZodMiniType<ReadResourceRequestParams> =
  readResourceRequestParams;

const readResourceRequest = requestSchema('resources/read', ReadResourceRequestParamsSchema);
export interface ReadResourceRequest extends z.infer<typeof readResourceRequest> {}
export const ReadResourceRequestSchema: z.ZodMiniType<ReadResourceRequest> = readResourceRequest;

const readResourceResult = z.object({
  ...resultShape,
  ...cacheShape,
  contents: z.array(z.union([TextResourceContentsSchema, BlobResourceContentsSchema])),
});
export interface ReadResourceResult extends z.infer<typeof readResourceResult> {}
export const ReadResourceResultSchema: z.ZodMiniType<ReadResourceResult> = readResourceResult;

const readResourceResultResponse = resultResponseSchema(
  z.union([InputRequiredResultSchema, ReadResourceResultSchema]),
);
export interface ReadResourceResultResponse extends z.infer<typeof readResourceResultResponse> {}
export const ReadResourceResultResponseSchema: z.ZodMiniType<ReadResourceResultResponse> =
  readResourceResultResponse;

const resourceUpdatedNotificationParams = z.object({
  _meta: z.optional(NotificationMetaObjectSchema),
  uri: z.string(),
});
export interface ResourceUpdatedNotificationParams
  extends z.infer<typeof resourceUpdatedNotificationParams> {}
export const ResourceUpdatedNotificationParamsSchema: z.ZodMiniType<ResourceUpdatedNotificationParams> =
  resourceUpdatedNotificationParams;

const resourceUpdatedNotification = notificationSchema(
  'notifications/resources/updated',
  ResourceUpdatedNotificationParamsSchema,
);
export interface ResourceUpdatedNotification extends z.infer<typeof resourceUpdatedNotification> {}
export const ResourceUpdatedNotificationSchema: z.ZodMiniType<ResourceUpdatedNotification> =
  resourceUpdatedNotification;
