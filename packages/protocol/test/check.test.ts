import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/v4/mini';
import { decodeWith, wireSchemas } from '../src/index.js';
import { compileCheck } from '../src/internal.js';
import { loadExamples } from './helpers/fixtures.js';

/** compileCheck must give zod's own verdict. */
describe('compileCheck', () => {
  it('a value nested deeper than the stack allows fails the check and decodes to -32602, never throws', () => {
    interface Tree {
      a?: Tree;
    }
    const tree: z.ZodMiniType<Tree> = z.lazy(() => z.object({ a: z.optional(tree) }));
    let deep: Tree = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(compileCheck(tree)(deep)).toBe(false);
    const decoded = decodeWith(tree, deep, 'params');
    expect(!decoded.ok && decoded.error.code).toBe(-32602);
    expect(!decoded.ok && decoded.error.message).toBe('Invalid params: nested too deeply');
    expect(compileCheck(tree)({ a: { a: {} } })).toBe(true);
  });

  it('agrees with zod on every example and random mutations of it', () => {
    const examples = loadExamples();
    const values = fc.jsonValue({ maxDepth: 3 });
    for (const example of examples) {
      const schema = wireSchemas[example.type as keyof typeof wireSchemas] as z.ZodMiniType;
      const check = compileCheck(schema);
      expect(check(example.value), `${example.type}/${example.file}`).toBe(
        schema.safeParse(example.value).success,
      );
      fc.assert(
        fc.property(values, (value) => {
          const zodSays = schema.safeParse(value).success;
          if (check(value)) expect(zodSays).toBe(true);
        }),
        { numRuns: 20 },
      );
    }
  });

  it('requires keys whose schema is unknown but not optional, as zod and JSON Schema do', () => {
    const schema = z.object({ data: z.unknown() });
    expect(schema.safeParse({}).success).toBe(false);
    expect(compileCheck(schema)({})).toBe(false);
    expect(compileCheck(schema)({ data: null })).toBe(true);
  });

  it('lets a key be missing when its schema is optional behind a lazy, as zod does', () => {
    const schema = z.object({ note: z.lazy(() => z.optional(z.string())) });
    expect(schema.safeParse({}).success).toBe(true);
    expect(compileCheck(schema)({})).toBe(true);
    expect(compileCheck(schema)({ note: 1 })).toBe(false);
  });

  it('handles each schema kind it compiles', () => {
    const schema = z.object({
      s: z.string().check(z.maxLength(3)),
      i: z.int().check(z.gte(0)),
      n: z.optional(z.number().check(z.lte(1))),
      b: z.boolean(),
      l: z.literal('x'),
      e: z.enum(['a', 'b']),
      a: z.array(z.string()).check(z.maxLength(2)),
      r: z.record(z.string(), z.int()),
      u: z.union([z.string(), z.null()]),
      d: z.discriminatedUnion('k', [
        z.object({ k: z.literal('p'), p: z.int() }),
        z.object({ k: z.literal('q') }),
      ]),
      nn: z.nullable(z.string()),
      f: z.optional(z.string().check(z.refine((v) => v.startsWith('ok')))),
    });
    const check = compileCheck(schema);
    const good = {
      s: 'abc',
      i: 0,
      b: true,
      l: 'x',
      e: 'a',
      a: ['1'],
      r: { x: 1 },
      u: null,
      d: { k: 'p', p: 1 },
      nn: null,
      f: 'ok!',
    };
    expect(check(good)).toBe(true);
    const bad: [string, unknown][] = [
      ['s', 'abcd'],
      ['i', -1],
      ['i', 1.5],
      ['n', 2],
      ['b', 'true'],
      ['l', 'y'],
      ['e', 'c'],
      ['a', ['1', '2', '3']],
      ['r', { x: 'y' }],
      ['u', 1],
      ['d', { k: 'p' }],
      ['d', { k: 'z' }],
      ['nn', 1],
      ['f', 'nope'],
    ];
    for (const [key, value] of bad) {
      const candidate = { ...good, [key]: value };
      expect(check(candidate), key).toBe(false);
      expect(schema.safeParse(candidate).success, key).toBe(false);
    }
  });

  it('handles recursive schemas', () => {
    type Tree = { children: Tree[] };
    const tree: z.ZodMiniType<Tree> = z.lazy(() => z.object({ children: z.array(tree) }));
    const check = compileCheck(tree);
    expect(check({ children: [{ children: [] }] })).toBe(true);
    expect(check({ children: [{ children: [1] }] })).toBe(false);
  });
});
