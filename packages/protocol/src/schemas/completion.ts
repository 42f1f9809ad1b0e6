import * as z from 'zod/mini';
import { requestParamsShape, resultShape } from './base.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';

const promptReference = z.object({
  type: z.literal('ref/prompt'),
  name: z.string(),
  title: z.optional(z.string()),
});
export interface PromptReference extends z.infer<typeof promptReference> {}
export const PromptReferenceSchema: z.ZodMiniType<PromptReference> = promptReference;

const resourceTemplateReference = z.object({ type: z.literal('ref/resource'), uri: z.string() });
export interface ResourceTemplateReference extends z.infer<typeof resourceTemplateReference> {}
export const ResourceTemplateReferenceSchema: z.ZodMiniType<ResourceTemplateReference> =
  resourceTemplateReference;

const completeRequestParams = z.object({
  ...requestParamsShape,
  ref: z.discriminatedUnion('type', [promptReference, resourceTemplateReference]),
  argument: z.object({ name: z.string(), value: z.string() }),
  context: z.optional(z.object({ arguments: z.optional(z.record(z.string(), z.string())) })),
});
export interface CompleteRequestParams extends z.infer<typeof completeRequestParams> {}
export const CompleteRequestParamsSchema: z.ZodMiniType<CompleteRequestParams> = completeRequestParams;

const completeRequest = requestSchema('completion/complete', CompleteRequestParamsSchema);
export interface CompleteRequest extends z.infer<typeof completeRequest> {}
export const CompleteRequestSchema: z.ZodMiniType<CompleteRequest> = completeRequest;

/** At most 100 values per answer (S-44). */
export const MAX_COMPLETION_VALUES = 100;

const completeResult = z.object({
  ...resultShape,
  completion: z.object({
    values: z.array(z.string()).check(z.maxLength(MAX_COMPLETION_VALUES)),
    total: z.optional(z.int()),
    hasMore: z.optional(z.boolean()),
  }),
});
export interface CompleteResult extends z.infer<typeof completeResult> {}
export const CompleteResultSchema: z.ZodMiniType<CompleteResult> = completeResult;

const completeResultResponse = resultResponseSchema(CompleteResultSchema);
export interface CompleteResultResponse extends z.infer<typeof completeResultResponse> {}
export const CompleteResultResponseSchema: z.ZodMiniType<CompleteResultResponse> = completeResultResponse;
