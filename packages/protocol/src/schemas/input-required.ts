import * as z from 'zod/v4/mini';
import { requestParamsShape, resultShape } from './base.js';
import { deferred } from './deferred.js';
import type { ElicitRequest, ElicitResult } from './elicitation.js';
import { ElicitRequestSchema, ElicitResultSchema } from './elicitation.js';
import type { ListRootsRequest, ListRootsResult } from './roots.js';
import { ListRootsRequestSchema, ListRootsResultSchema } from './roots.js';
import type { CreateMessageRequest, CreateMessageResult } from './sampling.js';
import { CreateMessageRequestSchema, CreateMessageResultSchema } from './sampling.js';

/** What a server may ask of the client inside an `input_required` result (S-54). */
export type InputRequest = CreateMessageRequest | ListRootsRequest | ElicitRequest;
export const InputRequestSchema: z.ZodMiniType<InputRequest> = z.lazy(() =>
  z.union([CreateMessageRequestSchema, ListRootsRequestSchema, ElicitRequestSchema]),
);

export type InputRequests = Record<string, InputRequest>;
export const InputRequestsSchema: z.ZodMiniType<InputRequests> = z.lazy(() =>
  z.record(z.string(), InputRequestSchema),
);

export type InputResponse = CreateMessageResult | ListRootsResult | ElicitResult;
export const InputResponseSchema: z.ZodMiniType<InputResponse> = z.lazy(() =>
  z.union([CreateMessageResultSchema, ListRootsResultSchema, ElicitResultSchema]),
);

export type InputResponses = Record<string, InputResponse>;
export const InputResponsesSchema: z.ZodMiniType<InputResponses> = z.lazy(() =>
  z.record(z.string(), InputResponseSchema),
);

/** The retry fields mixed into `tools/call`, `prompts/get` and `resources/read` params (P-75). */
export const inputResponseShape = deferred(() => ({
  inputResponses: z.optional(InputResponsesSchema),
  requestState: z.optional(z.string()),
}));

const inputResponseRequestParams = deferred(() =>
  z.object({ ...requestParamsShape, ...inputResponseShape() }),
);
export interface InputResponseRequestParams extends z.infer<ReturnType<typeof inputResponseRequestParams>> {}
export const InputResponseRequestParamsSchema: z.ZodMiniType<InputResponseRequestParams> =
  z.lazy(inputResponseRequestParams);

const inputRequiredResult = deferred(() =>
  z.object({
    ...resultShape(),
    resultType: z.literal('input_required'),
    inputRequests: z.optional(InputRequestsSchema),
    requestState: z.optional(z.string()),
  }),
);
/**
 * An interim result asking for input (P-72). The rule "at least one of `inputRequests` or
 * `requestState`" (P-73) is checked by the result decoder, since JSON Schema does not state it.
 */
export interface InputRequiredResult extends z.infer<ReturnType<typeof inputRequiredResult>> {}
export const InputRequiredResultSchema: z.ZodMiniType<InputRequiredResult> = z.lazy(inputRequiredResult);
