import * as z from 'zod/mini';
import {
  cacheShape,
  PaginatedRequestParamsSchema,
  paginatedResultShape,
  requestParamsShape,
  resultShape,
} from './base.js';
import { IconSchema, optionalMeta } from './common.js';
import { ContentBlockSchema } from './content.js';
import { RoleSchema } from './json.js';
import { InputRequiredResultSchema, inputResponseShape } from './mrtr.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';

const promptArgument = z.object({
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  required: z.optional(z.boolean()),
});
export interface PromptArgument extends z.infer<typeof promptArgument> {}
export const PromptArgumentSchema: z.ZodMiniType<PromptArgument> = promptArgument;

const prompt = z.object({
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  arguments: z.optional(z.array(PromptArgumentSchema)),
  icons: z.optional(z.array(IconSchema)),
  _meta: optionalMeta,
});
export interface Prompt extends z.infer<typeof prompt> {}
export const PromptSchema: z.ZodMiniType<Prompt> = prompt;

const promptMessage = z.object({ role: RoleSchema, content: ContentBlockSchema });
/** One message of a prompt: a role and a single content block (P-60). */
export interface PromptMessage extends z.infer<typeof promptMessage> {}
export const PromptMessageSchema: z.ZodMiniType<PromptMessage> = promptMessage;

const listPromptsRequest = requestSchema('prompts/list', PaginatedRequestParamsSchema);
export interface ListPromptsRequest extends z.infer<typeof listPromptsRequest> {}
export const ListPromptsRequestSchema: z.ZodMiniType<ListPromptsRequest> = listPromptsRequest;

const listPromptsResult = z.object({
  ...paginatedResultShape,
  ...cacheShape,
  prompts: z.array(PromptSchema),
});
export interface ListPromptsResult extends z.infer<typeof listPromptsResult> {}
export const ListPromptsResultSchema: z.ZodMiniType<ListPromptsResult> = listPromptsResult;

const listPromptsResultResponse = resultResponseSchema(ListPromptsResultSchema);
export interface ListPromptsResultResponse extends z.infer<typeof listPromptsResultResponse> {}
export const ListPromptsResultResponseSchema: z.ZodMiniType<ListPromptsResultResponse> =
  listPromptsResultResponse;

const getPromptRequestParams = z.object({
  ...requestParamsShape,
  name: z.string(),
  arguments: z.optional(z.record(z.string(), z.string())),
  ...inputResponseShape,
});
export interface GetPromptRequestParams extends z.infer<typeof getPromptRequestParams> {}
export const GetPromptRequestParamsSchema: z.ZodMiniType<GetPromptRequestParams> = getPromptRequestParams;

const getPromptRequest = requestSchema('prompts/get', GetPromptRequestParamsSchema);
export interface GetPromptRequest extends z.infer<typeof getPromptRequest> {}
export const GetPromptRequestSchema: z.ZodMiniType<GetPromptRequest> = getPromptRequest;

const getPromptResult = z.object({
  ...resultShape,
  description: z.optional(z.string()),
  messages: z.array(PromptMessageSchema),
});
export interface GetPromptResult extends z.infer<typeof getPromptResult> {}
export const GetPromptResultSchema: z.ZodMiniType<GetPromptResult> = getPromptResult;

const getPromptResultResponse = resultResponseSchema(
  z.union([InputRequiredResultSchema, GetPromptResultSchema]),
);
export interface GetPromptResultResponse extends z.infer<typeof getPromptResultResponse> {}
export const GetPromptResultResponseSchema: z.ZodMiniType<GetPromptResultResponse> = getPromptResultResponse;
