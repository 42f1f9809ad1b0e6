import * as z from 'zod/v4/mini';
import { ClientCapabilitiesSchema } from './capabilities.js';
import { ImplementationSchema, LoggingLevelSchema } from './common.js';
import { deferred } from './deferred.js';
import { ProgressTokenSchema, RequestIdSchema, ResultTypeSchema } from './json.js';
import { int } from './portable.js';

const requestMetaObject = deferred(() =>
  z.object({
    'io.modelcontextprotocol/protocolVersion': z.string(),
    'io.modelcontextprotocol/clientCapabilities': ClientCapabilitiesSchema,
    'io.modelcontextprotocol/clientInfo': z.optional(ImplementationSchema),
    'io.modelcontextprotocol/logLevel': z.optional(LoggingLevelSchema),
    progressToken: z.optional(ProgressTokenSchema),
  }),
);
/** The per-request `_meta` every client request carries (P-34, C-1). */
export interface RequestMetaObject extends z.infer<ReturnType<typeof requestMetaObject>> {}
export const RequestMetaObjectSchema: z.ZodMiniType<RequestMetaObject> = z.lazy(requestMetaObject);

const notificationMetaObject = deferred(() =>
  z.object({
    'io.modelcontextprotocol/subscriptionId': z.optional(RequestIdSchema),
  }),
);
export interface NotificationMetaObject extends z.infer<ReturnType<typeof notificationMetaObject>> {}
export const NotificationMetaObjectSchema: z.ZodMiniType<NotificationMetaObject> =
  z.lazy(notificationMetaObject);

const resultMetaObject = deferred(() =>
  z.object({ 'io.modelcontextprotocol/serverInfo': z.optional(ImplementationSchema) }),
);
export interface ResultMetaObject extends z.infer<ReturnType<typeof resultMetaObject>> {}
export const ResultMetaObjectSchema: z.ZodMiniType<ResultMetaObject> = z.lazy(resultMetaObject);

/** Fields of every request's params. */
export const requestParamsShape = { _meta: RequestMetaObjectSchema };

const requestParams = deferred(() => z.object(requestParamsShape));
/** Params of a request with nothing but `_meta` (e.g. `server/discover`). */
export interface RequestParams extends z.infer<ReturnType<typeof requestParams>> {}
export const RequestParamsSchema: z.ZodMiniType<RequestParams> = z.lazy(requestParams);

const notificationParams = deferred(() => z.object({ _meta: z.optional(NotificationMetaObjectSchema) }));
export interface NotificationParams extends z.infer<ReturnType<typeof notificationParams>> {}
export const NotificationParamsSchema: z.ZodMiniType<NotificationParams> = z.lazy(notificationParams);

const paramsObject = deferred(() => z.optional(z.record(z.string(), z.unknown())));

const request = deferred(() => z.object({ method: z.string(), params: paramsObject() }));
/** A request without its JSON-RPC envelope. */
export interface Request extends z.infer<ReturnType<typeof request>> {}
export const RequestSchema: z.ZodMiniType<Request> = z.lazy(request);

const notification = deferred(() => z.object({ method: z.string(), params: paramsObject() }));
export interface Notification extends z.infer<ReturnType<typeof notification>> {}
export const NotificationSchema: z.ZodMiniType<Notification> = z.lazy(notification);

/** Fields of every result. */
export const resultShape = deferred(() => ({
  _meta: z.optional(ResultMetaObjectSchema),
  resultType: ResultTypeSchema,
}));

/**
 * Fields of a final result: `resultType` is `"complete"` (P-14), which lets TypeScript narrow a union
 * of results on it. A received result without one reads as `"complete"` only through the decoders
 * (`decodeResult`, `decodeAs`), which fill it in before checking (P-17).
 */
export const completeResultShape = deferred(() => ({
  ...resultShape(),
  resultType: z.literal('complete'),
}));

const result = deferred(() => z.object(resultShape()));
/** Every result names its `resultType` (P-13); a missing one is read as `complete` by the decoder (P-17). */
export interface Result extends z.infer<ReturnType<typeof result>> {}
export const ResultSchema: z.ZodMiniType<Result> = z.lazy(result);

export type EmptyResult = Result;
export const EmptyResultSchema: z.ZodMiniType<EmptyResult> = z.lazy(result);
export type ClientResult = Result;
export const ClientResultSchema: z.ZodMiniType<ClientResult> = z.lazy(result);

export type CacheScope = 'public' | 'private';

/** Caching hints required on the six cacheable results (P-70). */
export const cacheShape = deferred(() => ({
  ttlMs: int().check(z.gte(0)),
  cacheScope: z.enum(['public', 'private']),
}));

const cacheableResult = deferred(() => z.object({ ...resultShape(), ...cacheShape() }));
export interface CacheableResult extends z.infer<ReturnType<typeof cacheableResult>> {}
export const CacheableResultSchema: z.ZodMiniType<CacheableResult> = z.lazy(cacheableResult);

const paginatedRequestParams = deferred(() =>
  z.object({ ...requestParamsShape, cursor: z.optional(z.string()) }),
);
export interface PaginatedRequestParams extends z.infer<ReturnType<typeof paginatedRequestParams>> {}
export const PaginatedRequestParamsSchema: z.ZodMiniType<PaginatedRequestParams> =
  z.lazy(paginatedRequestParams);

/** Fields of every page of a list: a complete result with an optional `nextCursor`. */
export const paginatedResultShape = deferred(() => ({
  ...completeResultShape(),
  nextCursor: z.optional(z.string()),
}));

/** Any paginated result, whatever its `resultType`: read with the generic result rules. */
const paginatedResult = deferred(() => z.object({ ...resultShape(), nextCursor: z.optional(z.string()) }));
export interface PaginatedResult extends z.infer<ReturnType<typeof paginatedResult>> {}
export const PaginatedResultSchema: z.ZodMiniType<PaginatedResult> = z.lazy(paginatedResult);
