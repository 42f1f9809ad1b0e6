import * as z from 'zod/v4/mini';
import { deferred } from './deferred.js';
import { JSONObjectSchema } from './json.js';

/** The offerings a server declares in both eras: 2026-07-28's `server/discover` and 2025's `initialize`. */
export const serverOfferings = deferred(() => ({
  logging: z.optional(JSONObjectSchema),
  completions: z.optional(JSONObjectSchema),
  prompts: z.optional(z.object({ listChanged: z.optional(z.boolean()) })),
  resources: z.optional(
    z.object({ subscribe: z.optional(z.boolean()), listChanged: z.optional(z.boolean()) }),
  ),
  tools: z.optional(z.object({ listChanged: z.optional(z.boolean()) })),
}));
