import * as z from 'zod/v4/mini';
import { PaginatedRequestParamsSchema, ResultSchema } from './base.js';
import { ClientCapabilitiesSchema } from './capabilities.js';
import { deferred } from './deferred.js';
import { RequestIdSchema } from './json.js';
import { int } from './portable.js';

const jsonrpc = deferred(() => z.literal('2.0'));
const paramsObject = deferred(() => z.optional(z.record(z.string(), z.unknown())));

const jsonrpcRequest = deferred(() =>
  z.object({ jsonrpc: jsonrpc(), id: RequestIdSchema, method: z.string(), params: paramsObject() }),
);
export interface JSONRPCRequest extends z.infer<ReturnType<typeof jsonrpcRequest>> {}
export const JSONRPCRequestSchema: z.ZodMiniType<JSONRPCRequest> = z.lazy(jsonrpcRequest);

const jsonrpcNotification = deferred(() =>
  z.object({ jsonrpc: jsonrpc(), method: z.string(), params: paramsObject() }),
);
export interface JSONRPCNotification extends z.infer<ReturnType<typeof jsonrpcNotification>> {}
export const JSONRPCNotificationSchema: z.ZodMiniType<JSONRPCNotification> = z.lazy(jsonrpcNotification);

const jsonrpcResultResponse = deferred(() =>
  z.object({ jsonrpc: jsonrpc(), id: RequestIdSchema, result: ResultSchema }),
);
export interface JSONRPCResultResponse extends z.infer<ReturnType<typeof jsonrpcResultResponse>> {}
export const JSONRPCResultResponseSchema: z.ZodMiniType<JSONRPCResultResponse> =
  z.lazy(jsonrpcResultResponse);

const error = deferred(() => z.object({ code: int(), message: z.string(), data: z.optional(z.unknown()) }));
/** The `error` member of an error response. */
export interface JSONRPCError extends z.infer<ReturnType<typeof error>> {}
export const ErrorSchema: z.ZodMiniType<JSONRPCError> = z.lazy(error);

const jsonrpcErrorResponse = deferred(() =>
  z.object({ jsonrpc: jsonrpc(), id: z.optional(RequestIdSchema), error: ErrorSchema }),
);
/** `id` is omitted only when the request id could not be read (P-7). */
export interface JSONRPCErrorResponse extends z.infer<ReturnType<typeof jsonrpcErrorResponse>> {}
export const JSONRPCErrorResponseSchema: z.ZodMiniType<JSONRPCErrorResponse> = z.lazy(jsonrpcErrorResponse);

export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;
export const JSONRPCResponseSchema: z.ZodMiniType<JSONRPCResponse> = z.lazy(() =>
  z.union([JSONRPCResultResponseSchema, JSONRPCErrorResponseSchema]),
);

export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;
export const JSONRPCMessageSchema: z.ZodMiniType<JSONRPCMessage> = z.lazy(() =>
  z.union([
    JSONRPCRequestSchema,
    JSONRPCNotificationSchema,
    JSONRPCResultResponseSchema,
    JSONRPCErrorResponseSchema,
  ]),
);

const paginatedRequest = deferred(() =>
  z.object({
    jsonrpc: jsonrpc(),
    id: RequestIdSchema,
    method: z.string(),
    params: PaginatedRequestParamsSchema,
  }),
);
/** A JSON-RPC request for any paginated list method. */
export interface PaginatedRequest extends z.infer<ReturnType<typeof paginatedRequest>> {}
export const PaginatedRequestSchema: z.ZodMiniType<PaginatedRequest> = z.lazy(paginatedRequest);

/** The `error` member of a standard JSON-RPC error with a fixed code. */
export interface StandardError<C extends number> {
  code: C;
  message: string;
  data?: unknown;
}

function errorObject<C extends number>(code: C): z.ZodMiniType<StandardError<C>> {
  return z.object({ code: z.literal(code), message: z.string(), data: z.optional(z.unknown()) }) as never;
}

export const ParseErrorSchema = z.lazy(() => errorObject(-32700));
export const InvalidRequestErrorSchema = z.lazy(() => errorObject(-32600));
export const MethodNotFoundErrorSchema = z.lazy(() => errorObject(-32601));
export const InvalidParamsErrorSchema = z.lazy(() => errorObject(-32602));
export const InternalErrorSchema = z.lazy(() => errorObject(-32603));

function errorResponse<E extends z.ZodMiniType>(errorSchema: E) {
  return z.object({ jsonrpc: jsonrpc(), id: z.optional(RequestIdSchema), error: errorSchema });
}

const headerMismatchError = deferred(() =>
  errorResponse(z.object({ code: z.literal(-32020), message: z.string(), data: z.optional(z.unknown()) })),
);
export interface HeaderMismatchError extends z.infer<ReturnType<typeof headerMismatchError>> {}
export const HeaderMismatchErrorSchema: z.ZodMiniType<HeaderMismatchError> = z.lazy(headerMismatchError);

const missingRequiredClientCapabilityError = deferred(() =>
  errorResponse(
    z.object({
      code: z.literal(-32021),
      message: z.string(),
      data: z.object({ requiredCapabilities: ClientCapabilitiesSchema }),
    }),
  ),
);
export interface MissingRequiredClientCapabilityError
  extends z.infer<ReturnType<typeof missingRequiredClientCapabilityError>> {}
export const MissingRequiredClientCapabilityErrorSchema: z.ZodMiniType<MissingRequiredClientCapabilityError> =
  z.lazy(missingRequiredClientCapabilityError);

const unsupportedProtocolVersionError = deferred(() =>
  errorResponse(
    z.object({
      code: z.literal(-32022),
      message: z.string(),
      data: z.object({ supported: z.array(z.string()), requested: z.string() }),
    }),
  ),
);
export interface UnsupportedProtocolVersionError
  extends z.infer<ReturnType<typeof unsupportedProtocolVersionError>> {}
export const UnsupportedProtocolVersionErrorSchema: z.ZodMiniType<UnsupportedProtocolVersionError> = z.lazy(
  unsupportedProtocolVersionError,
);
