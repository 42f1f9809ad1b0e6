import * as z from 'zod/v4/mini';
import { RequestIdSchema } from './json.js';

/** A full JSON-RPC request schema for `method` with `params`. */
export function requestSchema<M extends string, P extends z.ZodMiniType>(method: M, params: P) {
  return z.object({ jsonrpc: z.literal('2.0'), id: RequestIdSchema, method: z.literal(method), params });
}

/** A full JSON-RPC success response schema carrying `result`. */
export function resultResponseSchema<R extends z.ZodMiniType>(result: R) {
  return z.object({ jsonrpc: z.literal('2.0'), id: RequestIdSchema, result });
}

/** A full JSON-RPC notification schema for `method` with `params`. */
export function notificationSchema<M extends string, P extends z.ZodMiniType>(method: M, params: P) {
  return z.object({ jsonrpc: z.literal('2.0'), method: z.literal(method), params });
}
