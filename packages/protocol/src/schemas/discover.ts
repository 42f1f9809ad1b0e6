import * as z from 'zod/v4/mini';
import { cacheShape, completeResultShape, RequestParamsSchema } from './base.js';
import { ServerCapabilitiesSchema } from './capabilities.js';
import { deferred } from './deferred.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';

const discoverRequest = deferred(() => requestSchema('server/discover', RequestParamsSchema));
export interface DiscoverRequest extends z.infer<ReturnType<typeof discoverRequest>> {}
export const DiscoverRequestSchema: z.ZodMiniType<DiscoverRequest> = z.lazy(discoverRequest);

const discoverResult = deferred(() =>
  z.object({
    ...completeResultShape(),
    ...cacheShape(),
    supportedVersions: z.array(z.string()),
    capabilities: ServerCapabilitiesSchema,
    instructions: z.optional(z.string()),
  }),
);
/** What a server supports: versions, capabilities and optional guidance for the model (S-10). */
export interface DiscoverResult extends z.infer<ReturnType<typeof discoverResult>> {}
export const DiscoverResultSchema: z.ZodMiniType<DiscoverResult> = z.lazy(discoverResult);

const discoverResultResponse = deferred(() => resultResponseSchema(DiscoverResultSchema));
export interface DiscoverResultResponse extends z.infer<ReturnType<typeof discoverResultResponse>> {}
export const DiscoverResultResponseSchema: z.ZodMiniType<DiscoverResultResponse> =
  z.lazy(discoverResultResponse);
