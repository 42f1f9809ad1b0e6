import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { primitiveFields } from '../src/registration/primitive-object.js';
import { compileZodSchema } from '../src/registration/schema-adapter.js';

// An object of plain strings, numbers and booleans is read without zod when zod would accept it;
// the verdict, the value and every message stay zod's.

const anyValue = fc.oneof(
  fc.string(),
  fc.double(),
  fc.constantFrom(0, -0, 1, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.boolean(),
  fc.constantFrom(null, undefined, [], {}, [1], new String('boxed')),
  fc.bigInt(),
);

/** A value with some of the keys `a`, `b`, `c` and others, each of any kind. */
const input = fc.oneof(
  fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', '__proto__', 'toString'), anyValue),
  fc.record({ a: fc.string(), b: fc.double(), c: fc.boolean() }),
  fc.record({ c: fc.boolean(), b: fc.integer(), a: fc.string(), extra: anyValue }),
  anyValue,
);

describe('arguments of an object of primitives', () => {
  it('S-18: give the same verdict, value (keys in order) and message as zod', () => {
    const schemas = [
      z.object({ a: z.string(), b: z.number(), c: z.boolean() }),
      z.object({ a: z.string().describe('described') }),
      z.object({ c: z.boolean(), a: z.string() }),
    ];
    for (const schema of schemas) {
      expect(primitiveFields(schema), 'takes the quick read').toBeDefined();
      const compiled = compileZodSchema(schema, 'input', 'test');
      fc.assert(
        fc.property(input, (value) => {
          const parsed = schema.safeParse(value);
          const verdict = compiled.validate(value);
          expect(verdict.ok).toBe(parsed.success);
          if (verdict.ok) {
            expect(verdict.value).toStrictEqual(parsed.data);
            expect(Object.keys(verdict.value as object)).toEqual(Object.keys(parsed.data as object));
          } else {
            // The adapter's message of zod's issues (short here, so never clipped).
            const issues = parsed.error!.issues.map((issue) =>
              issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message,
            );
            expect(verdict.message).toBe(issues.join('; '));
          }
        }),
        { numRuns: 500 },
      );
    }
  });

  it('S-18: are read without zod when it would accept them, and refused by zod', () => {
    const schema = z.object({ text: z.string(), n: z.number() });
    const compiled = compileZodSchema(schema, 'input', 'test');
    const safeParse = vi.spyOn(schema, 'safeParse');
    expect(compiled.validate({ text: 'hi', n: 1, other: true })).toEqual({
      ok: true,
      value: { text: 'hi', n: 1 },
    });
    expect(safeParse).not.toHaveBeenCalled();
    const refused = compiled.validate({ text: 'hi', n: Number.POSITIVE_INFINITY });
    expect(safeParse).toHaveBeenCalledTimes(1);
    expect(refused.ok).toBe(false);
  });

  it('is zod alone for any other schema', () => {
    const others = [
      z.object({ a: z.string().min(1) }),
      z.object({ a: z.string().optional() }),
      z.object({ a: z.coerce.number() }),
      z.object({ a: z.number().int() }),
      z.object({ a: z.string().nullable() }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.literal('x') }),
      z.object({ a: z.object({ b: z.string() }) }),
      z.strictObject({ a: z.string() }),
      z.looseObject({ a: z.string() }),
      z.object({ a: z.string() }).refine((value) => value.a !== 'x'),
      z.object({ a: z.string() }).catchall(z.number()),
      z.string(),
    ];
    for (const schema of others)
      expect(primitiveFields(schema), String(schema._zod.def.type)).toBeUndefined();
  });
});
