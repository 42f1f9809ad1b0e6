import * as z from 'zod/mini';
import { ClientCapabilitiesSchema } from './capabilities.js';
import { ImplementationSchema, LoggingLevelSchema } from './common.js';
import { ProgressTokenSchema, RequestIdSchema, ResultTypeSchema } from './json.js';

const requestMetaObject = z.object({
  'io.modelcontextprotocol/protocolVersion': z.string(),
  'io.modelcontextprotocol/clientCapabilities': ClientCapabilitiesSchema,
  'io.modelcontextprotocol/clientInfo': z.optional(ImplementationSchema),
  'io.modelcontextprotocol/logLevel': z.optional(LoggingLevelSchema),
  progressToken: z.optional(ProgressTokenSchema),
});
/** The per-request `_meta` every client request carries (P-34, C-1). */
export interface RequestMetaObject extends z.infer<typeof requestMetaObject> {}
export const RequestMetaObjectSchema: z.ZodMiniType<RequestMetaObject> = requestMetaObject;

const notificationMetaObject = z.object({
  'io.modelcontextprotocol/subscriptionId': z.optional(RequestIdSchema),
});
export interface NotificationMetaObject extends z.infer<typeof notificationMetaObject> {}
export const NotificationMetaObjectSchema: z.ZodMiniType<NotificationMetaObject> = notificationMetaObject;

const resultMetaObject = z.object({ 'io.modelcontextprotocol/serverInfo': z.optional(ImplementationSchema) });
export interface ResultMetaObject extends z.infer<typeof resultMetaObject> {}
export const ResultMetaObjectSchema: z.ZodMiniType<ResultMetaObject> = resultMetaObject;

/** Fields of every request's params. */
export const requestParamsShape = { _meta: RequestMetaObjectSchema };

const requestParams = z.object(requestParamsShape);
/** Params of a request with nothing but `_meta` (e.g. `server/discover`). */
export interface RequestParams extends z.infer<typeof requestParams> {}
export const RequestParamsSchema: z.ZodMiniType<RequestParams> = requestParams;

const notificationParams = z.object({ _meta: z.optional(NotificationMetaObjectSchema) });
export interface NotificationParams extends z.infer<typeof notificationParams> {}
export const NotificationParamsSchema: z.ZodMiniType<NotificationParams> = notificationParams;

const paramsObject = z.optional(z.record(z.string(), z.unknown()));

const request = z.object({ method: z.string(), params: paramsObject });
/** A request without its JSON-RPC envelope. */
export interface Request extends z.infer<typeof request> {}
export const RequestSchema: z.ZodMiniType<Request> = request;

const notification = z.object({ method: z.string(), params: paramsObject });
export interface Notification extends z.infer<typeof notification> {}
export const NotificationSchema: z.ZodMiniType<Notification> = notification;

/** Fields of every result. */
export const resultShape = {
  _meta: z.optional(ResultMetaObjectSchema),
  resultType: ResultTypeSchema,
};

const result = z.object(resultShape);
/** Every result names its `resultType` (P-13); a missing one is read as `complete` by the decoder (P-17). */
export interface Result extends z.infer<typeof result> {}
export const ResultSchema: z.ZodMiniType<Result> = result;

export type EmptyResult = Result;
export const EmptyResultSchema: z.ZodMiniType<EmptyResult> = result;
export type ClientResult = Result;
export const ClientResultSchema: z.ZodMiniType<ClientResult> = result;

export type CacheScope = 'public' | 'private';

/** Caching hints required on the six cacheable results (P-70). */
export const cacheShape = {
  ttlMs: z.int().check(z.gte(0)),
  cacheScope: z.enum(['public', 'private']),
};

const cacheableResult = z.object({ ...resultShape, ...cacheShape });
export interface CacheableResult extends z.infer<typeof cacheableResult> {}
export const CacheableResultSchema: z.ZodMiniType<CacheableResult> = cacheableResult;

const paginatedRequestParams = z.object({ ...requestParamsShape, cursor: z.optional(z.string()) });
export interface PaginatedRequestParams extends z.infer<typeof paginatedRequestParams> {}
export const PaginatedRequestParamsSchema: z.ZodMiniType<PaginatedRequestParams> = paginatedRequestParams;

/** Fields of every paginated result. */
export const paginatedResultShape = { ...resultShape, nextCursor: z.optional(z.string()) };

const paginatedResult = z.object(paginatedResultShape);
export interface PaginatedResult extends z.infer<typeof paginatedResult> {}
export const PaginatedResultSchema: z.ZodMiniType<PaginatedResult> = paginatedResult;
