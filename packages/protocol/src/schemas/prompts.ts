import * as z from 'zod/v4/mini';
import {
  cacheShape,
  completeResultShape,
  PaginatedRequestParamsSchema,
  paginatedResultShape,
  requestParamsShape,
} from './base.js';
import { IconSchema, optionalMeta } from './common.js';
import { ContentBlockSchema } from './content.js';
import { deferred } from './deferred.js';
import { InputRequiredResultSchema, inputResponseShape } from './input-required.js';
import { RoleSchema } from './json.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';

const promptArgument = deferred(() =>
  z.object({
    name: z.string(),
    title: z.optional(z.string()),
    description: z.optional(z.string()),
    required: z.optional(z.boolean()),
  }),
);
export interface PromptArgument extends z.infer<ReturnType<typeof promptArgument>> {}
export const PromptArgumentSchema: z.ZodMiniType<PromptArgument> = z.lazy(promptArgument);

const prompt = deferred(() =>
  z.object({
    name: z.string(),
    title: z.optional(z.string()),
    description: z.optional(z.string()),
    arguments: z.optional(z.array(PromptArgumentSchema)),
    icons: z.optional(z.array(IconSchema)),
    _meta: optionalMeta(),
  }),
);
export interface Prompt extends z.infer<ReturnType<typeof prompt>> {}
export const PromptSchema: z.ZodMiniType<Prompt> = z.lazy(prompt);

const promptMessage = deferred(() => z.object({ role: RoleSchema, content: ContentBlockSchema }));
/** One message of a prompt: a role and a single content block (P-60). */
export interface PromptMessage extends z.infer<ReturnType<typeof promptMessage>> {}
export const PromptMessageSchema: z.ZodMiniType<PromptMessage> = z.lazy(promptMessage);

const listPromptsRequest = deferred(() => requestSchema('prompts/list', PaginatedRequestParamsSchema));
export interface ListPromptsRequest extends z.infer<ReturnType<typeof listPromptsRequest>> {}
export const ListPromptsRequestSchema: z.ZodMiniType<ListPromptsRequest> = z.lazy(listPromptsRequest);

const listPromptsResult = deferred(() =>
  z.object({
    ...paginatedResultShape(),
    ...cacheShape(),
    prompts: z.array(PromptSchema),
  }),
);
export interface ListPromptsResult extends z.infer<ReturnType<typeof listPromptsResult>> {}
export const ListPromptsResultSchema: z.ZodMiniType<ListPromptsResult> = z.lazy(listPromptsResult);

const listPromptsResultResponse = deferred(() => resultResponseSchema(ListPromptsResultSchema));
export interface ListPromptsResultResponse extends z.infer<ReturnType<typeof listPromptsResultResponse>> {}
export const ListPromptsResultResponseSchema: z.ZodMiniType<ListPromptsResultResponse> =
  z.lazy(listPromptsResultResponse);

const getPromptRequestParams = deferred(() =>
  z.object({
    ...requestParamsShape,
    name: z.string(),
    arguments: z.optional(z.record(z.string(), z.string())),
    ...inputResponseShape(),
  }),
);
export interface GetPromptRequestParams extends z.infer<ReturnType<typeof getPromptRequestParams>> {}
export const GetPromptRequestParamsSchema: z.ZodMiniType<GetPromptRequestParams> =
  z.lazy(getPromptRequestParams);

const getPromptRequest = deferred(() => requestSchema('prompts/get', GetPromptRequestParamsSchema));
export interface GetPromptRequest extends z.infer<ReturnType<typeof getPromptRequest>> {}
export const GetPromptRequestSchema: z.ZodMiniType<GetPromptRequest> = z.lazy(getPromptRequest);

const getPromptResult = deferred(() =>
  z.object({
    ...completeResultShape(),
    description: z.optional(z.string()),
    messages: z.array(PromptMessageSchema),
  }),
);
export interface GetPromptResult extends z.infer<ReturnType<typeof getPromptResult>> {}
export const GetPromptResultSchema: z.ZodMiniType<GetPromptResult> = z.lazy(getPromptResult);

const getPromptResultResponse = deferred(() =>
  resultResponseSchema(z.union([InputRequiredResultSchema, GetPromptResultSchema])),
);
/**
 * Parsing with this schema discriminates on `resultType` but applies no receiver rule: a result
 * without `resultType` fails it, and `input_required` without `inputRequests` or `requestState`
 * passes. `decodeAs('GetPromptResultResponse', value)` applies them (P-17, P-73, Q-8).
 */
export interface GetPromptResultResponse extends z.infer<ReturnType<typeof getPromptResultResponse>> {}
export const GetPromptResultResponseSchema: z.ZodMiniType<GetPromptResultResponse> =
  z.lazy(getPromptResultResponse);
