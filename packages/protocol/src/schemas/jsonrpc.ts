import * as z from 'zod/mini';
import { PaginatedRequestParamsSchema, ResultSchema } from './base.js';
import { ClientCapabilitiesSchema } from './capabilities.js';
import { RequestIdSchema } from './json.js';

const jsonrpc = z.literal('2.0');
const paramsObject = z.optional(z.record(z.string(), z.unknown()));

const jsonrpcRequest = z.object({ jsonrpc, id: RequestIdSchema, method: z.string(), params: paramsObject });
export interface JSONRPCRequest extends z.infer<typeof jsonrpcRequest> {}
export const JSONRPCRequestSchema: z.ZodMiniType<JSONRPCRequest> = jsonrpcRequest;

const jsonrpcNotification = z.object({ jsonrpc, method: z.string(), params: paramsObject });
export interface JSONRPCNotification extends z.infer<typeof jsonrpcNotification> {}
export const JSONRPCNotificationSchema: z.ZodMiniType<JSONRPCNotification> = jsonrpcNotification;

const jsonrpcResultResponse = z.object({ jsonrpc, id: RequestIdSchema, result: ResultSchema });
export interface JSONRPCResultResponse extends z.infer<typeof jsonrpcResultResponse> {}
export const JSONRPCResultResponseSchema: z.ZodMiniType<JSONRPCResultResponse> = jsonrpcResultResponse;

const error = z.object({ code: z.int(), message: z.string(), data: z.optional(z.unknown()) });
/** The `error` member of an error response. */
export interface JSONRPCError extends z.infer<typeof error> {}
export const ErrorSchema: z.ZodMiniType<JSONRPCError> = error;

const jsonrpcErrorResponse = z.object({ jsonrpc, id: z.optional(RequestIdSchema), error: ErrorSchema });
/** `id` is omitted only when the request id could not be read (P-7). */
export interface JSONRPCErrorResponse extends z.infer<typeof jsonrpcErrorResponse> {}
export const JSONRPCErrorResponseSchema: z.ZodMiniType<JSONRPCErrorResponse> = jsonrpcErrorResponse;

export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;
export const JSONRPCResponseSchema: z.ZodMiniType<JSONRPCResponse> = z.union([
  JSONRPCResultResponseSchema,
  JSONRPCErrorResponseSchema,
]);

export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;
export const JSONRPCMessageSchema: z.ZodMiniType<JSONRPCMessage> = z.union([
  JSONRPCRequestSchema,
  JSONRPCNotificationSchema,
  JSONRPCResultResponseSchema,
  JSONRPCErrorResponseSchema,
]);

const paginatedRequest = z.object({
  jsonrpc,
  id: RequestIdSchema,
  method: z.string(),
  params: PaginatedRequestParamsSchema,
});
/** A JSON-RPC request for any paginated list method. */
export interface PaginatedRequest extends z.infer<typeof paginatedRequest> {}
export const PaginatedRequestSchema: z.ZodMiniType<PaginatedRequest> = paginatedRequest;

/** The `error` member of a standard JSON-RPC error with a fixed code. */
export interface StandardError<C extends number> {
  code: C;
  message: string;
  data?: unknown;
}

function errorObject<C extends number>(code: C): z.ZodMiniType<StandardError<C>> {
  return z.object({ code: z.literal(code), message: z.string(), data: z.optional(z.unknown()) }) as never;
}

export const ParseErrorSchema = errorObject(-32700);
export const InvalidRequestErrorSchema = errorObject(-32600);
export const MethodNotFoundErrorSchema = errorObject(-32601);
export const InvalidParamsErrorSchema = errorObject(-32602);
export const InternalErrorSchema = errorObject(-32603);

function errorResponse<E extends z.ZodMiniType>(errorSchema: E) {
  return z.object({ jsonrpc, id: z.optional(RequestIdSchema), error: errorSchema });
}

const headerMismatchError = errorResponse(
  z.object({ code: z.literal(-32020), message: z.string(), data: z.optional(z.unknown()) }),
);
export interface HeaderMismatchError extends z.infer<typeof headerMismatchError> {}
export const HeaderMismatchErrorSchema: z.ZodMiniType<HeaderMismatchError> = headerMismatchError;

const missingRequiredClientCapabilityError = errorResponse(
  z.object({
    code: z.literal(-32021),
    message: z.string(),
    data: z.object({ requiredCapabilities: ClientCapabilitiesSchema }),
  }),
);
export interface MissingRequiredClientCapabilityError
  extends z.infer<typeof missingRequiredClientCapabilityError> {}
export const MissingRequiredClientCapabilityErrorSchema: z.ZodMiniType<MissingRequiredClientCapabilityError> =
  missingRequiredClientCapabilityError;

const unsupportedProtocolVersionError = errorResponse(
  z.object({
    code: z.literal(-32022),
    message: z.string(),
    data: z.object({ supported: z.array(z.string()), requested: z.string() }),
  }),
);
export interface UnsupportedProtocolVersionError extends z.infer<typeof unsupportedProtocolVersionError> {}
export const UnsupportedProtocolVersionErrorSchema: z.ZodMiniType<UnsupportedProtocolVersionError> =
  unsupportedProtocolVersionError;
