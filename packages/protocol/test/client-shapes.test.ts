import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/v4/mini';
import { clientShapeRoots, renderShapeModule } from '../scripts/client-shapes.js';
import { CLIENT_SHAPE_ROOTS, CLIENT_SHAPES } from '../src/client-shapes.generated.js';
import { describeShapeFailure } from '../src/shape-check.js';
import { mutate, shapeArbitrary } from './helpers/shape-arbitrary.js';

const roots = clientShapeRoots();
const names = Object.keys(CLIENT_SHAPE_ROOTS) as Array<keyof typeof CLIENT_SHAPE_ROOTS>;

function zodPath(schema: unknown, value: unknown): string | undefined {
  const parsed = (schema as z.ZodMiniType).safeParse(value);
  if (parsed.success) return undefined;
  return parsed.error.issues[0]!.path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    'result',
  );
}

function shapePath(name: keyof typeof CLIENT_SHAPE_ROOTS, value: unknown): string | undefined {
  const message = describeShapeFailure(CLIENT_SHAPES, CLIENT_SHAPE_ROOTS[name], value, 'result');
  return message?.slice('Invalid '.length, message.indexOf(': '));
}

const odd = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, 1.5, -1, 2 ** 60, [], {}),
);

describe('client shape table', () => {
  it('is what the generator renders from the zod schemas now (regenerate: pnpm run generate:shapes)', async () => {
    await expect(renderShapeModule()).toMatchFileSnapshot('../src/client-shapes.generated.ts');
  });

  it('has a root for every schema the client checks', () => {
    expect(names.sort()).toEqual(Object.keys(roots).sort());
  });

  for (const name of names) {
    const node = CLIENT_SHAPE_ROOTS[name];
    it(`${name}: values built from the table fit zod's schema, and so do the table's`, () => {
      fc.assert(
        fc.property(shapeArbitrary(CLIENT_SHAPES, node), (value) => {
          expect(zodPath(roots[name], value)).toBeUndefined();
          expect(shapePath(name, value)).toBeUndefined();
        }),
        { numRuns: 60 },
      );
    });

    it(`${name}: on mutated values the verdict and the first failing path are zod's`, () => {
      fc.assert(
        fc.property(
          shapeArbitrary(CLIENT_SHAPES, node),
          fc.nat(),
          odd,
          fc.boolean(),
          (value, pick, to, remove) => {
            const mutated = mutate(value, pick, to, remove);
            expect(shapePath(name, mutated)).toBe(zodPath(roots[name], mutated));
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});

describe('describeShapeFailure', () => {
  it('names the path and what was expected there', () => {
    const result = {
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
      tools: [
        { name: 't', inputSchema: { type: 'object' } },
        { name: 'u', inputSchema: { type: 'array' } },
      ],
    };
    expect(describeShapeFailure(CLIENT_SHAPES, CLIENT_SHAPE_ROOTS['tools/list'], result, 'result')).toBe(
      'Invalid result.tools[1].inputSchema.type: Invalid input: expected "object"',
    );
  });

  it('accepts a valid result', () => {
    const result = { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] };
    expect(
      describeShapeFailure(CLIENT_SHAPES, CLIENT_SHAPE_ROOTS['tools/call'], result, 'result'),
    ).toBeUndefined();
  });
});
