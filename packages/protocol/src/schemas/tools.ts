import * as z from 'zod/v4/mini';
import {
  cacheShape,
  completeResultShape,
  PaginatedRequestParamsSchema,
  paginatedResultShape,
  requestParamsShape,
} from './base.js';
import { ContentBlockSchema } from './content.js';
import { deferred } from './deferred.js';
import { InputRequiredResultSchema, inputResponseShape } from './input-required.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';
import { ToolSchema } from './tool.js';

const listToolsRequest = deferred(() => requestSchema('tools/list', PaginatedRequestParamsSchema));
export interface ListToolsRequest extends z.infer<ReturnType<typeof listToolsRequest>> {}
export const ListToolsRequestSchema: z.ZodMiniType<ListToolsRequest> = z.lazy(listToolsRequest);

const listToolsResult = deferred(() =>
  z.object({ ...paginatedResultShape(), ...cacheShape(), tools: z.array(ToolSchema) }),
);
export interface ListToolsResult extends z.infer<ReturnType<typeof listToolsResult>> {}
export const ListToolsResultSchema: z.ZodMiniType<ListToolsResult> = z.lazy(listToolsResult);

const listToolsResultResponse = deferred(() => resultResponseSchema(ListToolsResultSchema));
export interface ListToolsResultResponse extends z.infer<ReturnType<typeof listToolsResultResponse>> {}
export const ListToolsResultResponseSchema: z.ZodMiniType<ListToolsResultResponse> =
  z.lazy(listToolsResultResponse);

const callToolRequestParams = deferred(() =>
  z.object({
    ...requestParamsShape,
    name: z.string(),
    arguments: z.optional(z.record(z.string(), z.unknown())),
    ...inputResponseShape(),
  }),
);
export interface CallToolRequestParams extends z.infer<ReturnType<typeof callToolRequestParams>> {}
export const CallToolRequestParamsSchema: z.ZodMiniType<CallToolRequestParams> =
  z.lazy(callToolRequestParams);

const callToolRequest = deferred(() => requestSchema('tools/call', CallToolRequestParamsSchema));
export interface CallToolRequest extends z.infer<ReturnType<typeof callToolRequest>> {}
export const CallToolRequestSchema: z.ZodMiniType<CallToolRequest> = z.lazy(callToolRequest);

const callToolResult = deferred(() =>
  z.object({
    ...completeResultShape(),
    content: z.array(ContentBlockSchema),
    structuredContent: z.optional(z.unknown()),
    isError: z.optional(z.boolean()),
  }),
);
/** A tool's answer. `isError: true` marks a tool execution error the model can act on (S-18). */
export interface CallToolResult extends z.infer<ReturnType<typeof callToolResult>> {}
export const CallToolResultSchema: z.ZodMiniType<CallToolResult> = z.lazy(callToolResult);

const callToolResultResponse = deferred(() =>
  resultResponseSchema(z.union([InputRequiredResultSchema, CallToolResultSchema])),
);
/**
 * Parsing with this schema discriminates on `resultType` but applies no receiver rule: a result
 * without `resultType` fails it, and `input_required` without `inputRequests` or `requestState`
 * passes. `decodeAs('CallToolResultResponse', value)` applies them (P-17, P-73, Q-8).
 */
export interface CallToolResultResponse extends z.infer<ReturnType<typeof callToolResultResponse>> {}
export const CallToolResultResponseSchema: z.ZodMiniType<CallToolResultResponse> =
  z.lazy(callToolResultResponse);
