import type * as core from 'zod/v4/core';
import * as z from 'zod/v4/mini';

// The emitted .d.ts names the type each schema builder returns, and it is read against the zod the
// app has: zod 3.25's bundled v4 and zod 4.0 declare neither `ZodMiniInt` nor the two-parameter
// `ZodMiniDiscriminatedUnion` that later zod 4 releases return. These builders name types all of them
// declare; the schemas they build are the same.

/** `z.int()`, typed as a number schema. */
export function int(): z.ZodMiniNumber<number> {
  return z.int();
}

/** `z.discriminatedUnion()`, typed as a union. */
export function discriminatedUnion<
  Options extends readonly [core.$ZodTypeDiscriminable, ...core.$ZodTypeDiscriminable[]],
>(discriminator: string, options: Options): z.ZodMiniUnion<Options> {
  return z.discriminatedUnion(discriminator, options);
}
