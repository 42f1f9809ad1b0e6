import * as z from 'zod/mini';
import { cacheShape, RequestParamsSchema, resultShape } from './base.js';
import { ServerCapabilitiesSchema } from './capabilities.js';
import { requestSchema, resultResponseSchema } from './request-shapes.js';

const discoverRequest = requestSchema('server/discover', RequestParamsSchema);
export interface DiscoverRequest extends z.infer<typeof discoverRequest> {}
export const DiscoverRequestSchema: z.ZodMiniType<DiscoverRequest> = discoverRequest;

const discoverResult = z.object({
  ...resultShape,
  ...cacheShape,
  supportedVersions: z.array(z.string()),
  capabilities: ServerCapabilitiesSchema,
  instructions: z.optional(z.string()),
});
/** What a server supports: versions, capabilities and optional guidance for the model (S-10). */
export interface DiscoverResult extends z.infer<typeof discoverResult> {}
export const DiscoverResultSchema: z.ZodMiniType<DiscoverResult> = discoverResult;

const discoverResultResponse = resultResponseSchema(DiscoverResultSchema);
export interface DiscoverResultResponse extends z.infer<typeof discoverResultResponse> {}
export const DiscoverResultResponseSchema: z.ZodMiniType<DiscoverResultResponse> = discoverResultResponse;
