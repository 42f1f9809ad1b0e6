import * as z from 'zod/v4/mini';
import { IconSchema, optionalMeta } from './common.js';
import { deferred } from './deferred.js';

const toolAnnotations = deferred(() =>
  z.object({
    title: z.optional(z.string()),
    readOnlyHint: z.optional(z.boolean()),
    destructiveHint: z.optional(z.boolean()),
    idempotentHint: z.optional(z.boolean()),
    openWorldHint: z.optional(z.boolean()),
  }),
);
/** Hints about a tool's behaviour. Untrusted unless the server is (C-21). */
export interface ToolAnnotations extends z.infer<ReturnType<typeof toolAnnotations>> {}
export const ToolAnnotationsSchema: z.ZodMiniType<ToolAnnotations> = z.lazy(toolAnnotations);

const tool = deferred(() =>
  z.object({
    name: z.string(),
    title: z.optional(z.string()),
    description: z.optional(z.string()),
    inputSchema: z.looseObject({ type: z.literal('object'), $schema: z.optional(z.string()) }),
    outputSchema: z.optional(z.looseObject({ $schema: z.optional(z.string()) })),
    annotations: z.optional(ToolAnnotationsSchema),
    icons: z.optional(z.array(IconSchema)),
    _meta: optionalMeta(),
  }),
);
/**
 * A tool definition (P-61). `inputSchema` is any JSON Schema whose root has `type: "object"`;
 * its other keywords are checked by `compileJsonSchema`, not here.
 */
export interface Tool extends z.infer<ReturnType<typeof tool>> {}
export const ToolSchema: z.ZodMiniType<Tool> = z.lazy(tool);
