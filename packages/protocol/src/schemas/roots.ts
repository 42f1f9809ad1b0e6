import * as z from 'zod/v4/mini';
import { optionalMeta } from './common.js';
import { deferred } from './deferred.js';

const root = deferred(() =>
  z.object({ uri: z.string(), name: z.optional(z.string()), _meta: optionalMeta() }),
);
export interface Root extends z.infer<ReturnType<typeof root>> {}
export const RootSchema: z.ZodMiniType<Root> = z.lazy(root);

/** An input request for the client's roots (deprecated feature, still supported). */
const listRootsRequest = deferred(() =>
  z.object({
    method: z.literal('roots/list'),
    params: z.optional(z.object({ _meta: optionalMeta() })),
  }),
);
export interface ListRootsRequest extends z.infer<ReturnType<typeof listRootsRequest>> {}
export const ListRootsRequestSchema: z.ZodMiniType<ListRootsRequest> = z.lazy(listRootsRequest);

const listRootsResult = deferred(() => z.object({ roots: z.array(RootSchema) }));
export interface ListRootsResult extends z.infer<ReturnType<typeof listRootsResult>> {}
export const ListRootsResultSchema: z.ZodMiniType<ListRootsResult> = z.lazy(listRootsResult);
