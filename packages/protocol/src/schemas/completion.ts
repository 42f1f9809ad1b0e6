import * as z from 'zod/v4/mini';
import { MAX_COMPLETION_VALUES } from '../limits.js';
import { completeResultShape, requestParamsShape } from './base.js';
import { deferred } from './deferred.js';
import { discriminatedUnion, int } from './portable.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';

const promptReference = deferred(() =>
  z.object({
    type: z.literal('ref/prompt'),
    name: z.string(),
    title: z.optional(z.string()),
  }),
);
export interface PromptReference extends z.infer<ReturnType<typeof promptReference>> {}
export const PromptReferenceSchema: z.ZodMiniType<PromptReference> = z.lazy(promptReference);

const resourceTemplateReference = deferred(() =>
  z.object({ type: z.literal('ref/resource'), uri: z.string() }),
);
export interface ResourceTemplateReference extends z.infer<ReturnType<typeof resourceTemplateReference>> {}
export const ResourceTemplateReferenceSchema: z.ZodMiniType<ResourceTemplateReference> =
  z.lazy(resourceTemplateReference);

const completeRequestParams = deferred(() =>
  z.object({
    ...requestParamsShape,
    ref: discriminatedUnion('type', [promptReference(), resourceTemplateReference()]),
    argument: z.object({ name: z.string(), value: z.string() }),
    context: z.optional(z.object({ arguments: z.optional(z.record(z.string(), z.string())) })),
  }),
);
export interface CompleteRequestParams extends z.infer<ReturnType<typeof completeRequestParams>> {}
export const CompleteRequestParamsSchema: z.ZodMiniType<CompleteRequestParams> =
  z.lazy(completeRequestParams);

const completeRequest = deferred(() => requestSchema('completion/complete', CompleteRequestParamsSchema));
export interface CompleteRequest extends z.infer<ReturnType<typeof completeRequest>> {}
export const CompleteRequestSchema: z.ZodMiniType<CompleteRequest> = z.lazy(completeRequest);

export { MAX_COMPLETION_VALUES };

const completeResult = deferred(() =>
  z.object({
    ...completeResultShape(),
    completion: z.object({
      values: z.array(z.string()).check(z.maxLength(MAX_COMPLETION_VALUES)),
      total: z.optional(int()),
      hasMore: z.optional(z.boolean()),
    }),
  }),
);
export interface CompleteResult extends z.infer<ReturnType<typeof completeResult>> {}
export const CompleteResultSchema: z.ZodMiniType<CompleteResult> = z.lazy(completeResult);

const completeResultResponse = deferred(() => resultResponseSchema(CompleteResultSchema));
export interface CompleteResultResponse extends z.infer<ReturnType<typeof completeResultResponse>> {}
export const CompleteResultResponseSchema: z.ZodMiniType<CompleteResultResponse> =
  z.lazy(completeResultResponse);
