import * as z from 'zod/mini';
import {
  cacheShape,
  PaginatedRequestParamsSchema,
  paginatedResultShape,
  requestParamsShape,
  resultShape,
} from './base.js';
import { ContentBlockSchema } from './content.js';
import { InputRequiredResultSchema, inputResponseShape } from './mrtr.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';
import { ToolSchema } from './tool.js';

const listToolsRequest = requestSchema('tools/list', PaginatedRequestParamsSchema);
export interface ListToolsRequest extends z.infer<typeof listToolsRequest> {}
export const ListToolsRequestSchema: z.ZodMiniType<ListToolsRequest> = listToolsRequest;

const listToolsResult = z.object({ ...paginatedResultShape, ...cacheShape, tools: z.array(ToolSchema) });
export interface ListToolsResult extends z.infer<typeof listToolsResult> {}
export const ListToolsResultSchema: z.ZodMiniType<ListToolsResult> = listToolsResult;

const listToolsResultResponse = resultResponseSchema(ListToolsResultSchema);
export interface ListToolsResultResponse extends z.infer<typeof listToolsResultResponse> {}
export const ListToolsResultResponseSchema: z.ZodMiniType<ListToolsResultResponse> = listToolsResultResponse;

const callToolRequestParams = z.object({
  ...requestParamsShape,
  name: z.string(),
  arguments: z.optional(z.record(z.string(), z.unknown())),
  ...inputResponseShape,
});
export interface CallToolRequestParams extends z.infer<typeof callToolRequestParams> {}
export const CallToolRequestParamsSchema: z.ZodMiniType<CallToolRequestParams> = callToolRequestParams;

const callToolRequest = requestSchema('tools/call', CallToolRequestParamsSchema);
export interface CallToolRequest extends z.infer<typeof callToolRequest> {}
export const CallToolRequestSchema: z.ZodMiniType<CallToolRequest> = callToolRequest;

const callToolResult = z.object({
  ...resultShape,
  content: z.array(ContentBlockSchema),
  structuredContent: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
});
/** A tool's answer. `isError: true` marks a tool execution error the model can act on (S-18). */
export interface CallToolResult extends z.infer<typeof callToolResult> {}
export const CallToolResultSchema: z.ZodMiniType<CallToolResult> = callToolResult;

const callToolResultResponse = resultResponseSchema(
  z.union([InputRequiredResultSchema, CallToolResultSchema]),
);
export interface CallToolResultResponse extends z.infer<typeof callToolResultResponse> {}
export const CallToolResultResponseSchema: z.ZodMiniType<CallToolResultResponse> = callToolResultResponse;
