import * as z from 'zod/mini';
import { optionalMeta } from './common.js';

const root = z.object({ uri: z.string(), name: z.optional(z.string()), _meta: optionalMeta });
export interface Root extends z.infer<typeof root> {}
export const RootSchema: z.ZodMiniType<Root> = root;

/** An input request for the client's roots (deprecated feature, still supported). */
const listRootsRequest = z.object({
  method: z.literal('roots/list'),
  params: z.optional(z.object({ _meta: optionalMeta })),
});
export interface ListRootsRequest extends z.infer<typeof listRootsRequest> {}
export const ListRootsRequestSchema: z.ZodMiniType<ListRootsRequest> = listRootsRequest;

const listRootsResult = z.object({ roots: z.array(RootSchema) });
export interface ListRootsResult extends z.infer<typeof listRootsResult> {}
export const ListRootsResultSchema: z.ZodMiniType<ListRootsResult> = listRootsResult;
