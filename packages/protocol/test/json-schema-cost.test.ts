import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../src/index.js';

function compile(schema: unknown, limits?: Parameters<typeof compileJsonSchema>[1]) {
  const compiled = compileJsonSchema(schema, limits);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.schema;
}

/** `d_i = { allOf: [{ $ref: d_(i-1) }, { $ref: d_(i-1) }] }`: 3n+2 subschemas that expand to 2^n. */
function fanOut(levels: number) {
  const $defs: Record<string, unknown> = { d0: { type: 'string' } };
  for (let i = 1; i <= levels; i++) {
    $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
  }
  return { type: 'object', $defs, properties: { a: { $ref: `#/$defs/d${levels}` } } };
}

function errorsOf(verdict: { valid: boolean; errors?: string[] }): string {
  return (verdict.errors ?? []).join('\n');
}

describe('compileJsonSchema cost bounds (P-90)', () => {
  it('P-90: a $ref fan-out is refused by the size it expands to, though it has few subschemas', () => {
    for (const levels of [20, 24]) {
      const compiled = compileJsonSchema(fanOut(levels));
      expect(compiled.ok).toBe(false);
      expect(!compiled.ok && compiled.reason).toBe(
        'schema expands to more than 10000 subschemas through $ref',
      );
    }
  });

  it('P-90: a small fan-out compiles and validates as before; maxExpandedSubschemas moves the bound', () => {
    const schema = compile(fanOut(4));
    expect(schema.validate({ a: 'x' }).valid).toBe(true);
    expect(schema.validate({ a: 1 }).valid).toBe(false);
    expect(compileJsonSchema(fanOut(4), { maxExpandedSubschemas: 20 }).ok).toBe(false);
    expect(compileJsonSchema(fanOut(14), { maxExpandedSubschemas: 100_000 }).ok).toBe(true);
  });

  it('P-90: a $ref reused many times without fan-out stays within the bound', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`p${i}`, { $ref: '#/$defs/address' }]),
    );
    const address = {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' }, zip: { type: 'string' } },
    };
    const schema = compile({ type: 'object', $defs: { address }, properties });
    expect(schema.validate({ p7: { city: 'Oslo' } }).valid).toBe(true);
    expect(schema.validate({ p7: { city: 7 } }).valid).toBe(false);
  });

  it('P-90: a recursive schema that fans out at every level of the value is stopped, not run for 2^depth', () => {
    const schema = compile({ type: 'object', properties: { x: { allOf: [{ $ref: '#' }, { $ref: '#' }] } } });
    let value: Record<string, unknown> = {};
    for (let i = 0; i < 18; i++) value = { x: value };
    const verdict = schema.validate(value);
    expect(verdict.valid).toBe(false);
    expect(errorsOf(verdict)).toMatch(/takes more than \d+ \$ref expansions$/);
    expect(schema.validate({ x: { x: {} } }).valid).toBe(true);
  });

  it('P-90: a recursive schema that follows the value validates a large value in full', () => {
    const schema = compile({
      $defs: {
        node: {
          type: 'object',
          required: ['v'],
          properties: { v: { type: 'integer' }, kids: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
      $ref: '#/$defs/node',
    });
    type Node = { v: unknown; kids?: Node[] };
    const tree = (depth: number): Node =>
      depth === 0 ? { v: 0 } : { v: depth, kids: [tree(depth - 1), tree(depth - 1)] };
    const big = tree(12);
    expect(schema.validate(big).valid).toBe(true);
    big.kids![1]!.kids![0]!.v = 'x';
    const verdict = schema.validate(big);
    expect(verdict.valid).toBe(false);
    expect(errorsOf(verdict)).toMatch(/#\/kids\/1\/kids\/0\/v: Instance type "string" is invalid/);
  });

  it('a recursive schema given a value that contains itself answers invalid instead of hanging', () => {
    const schema = compile({ type: 'object', properties: { self: { $ref: '#' } } });
    const looped: Record<string, unknown> = {};
    looped.self = looped;
    expect(schema.validate(looped).valid).toBe(false);
  });

  // The pairwise comparison is the cost being bounded: a full pass over 1,000 small objects takes
  // seconds on a busy 2-core machine, so the boundary is shown with numbers (a full pass) and with
  // equal items (a duplicate is found at once, which proves the array was compared, not refused).
  it('P-90: uniqueItems compares at most maxUniqueItems items; a longer array there is invalid at once', () => {
    const schema = compile({ type: 'object', properties: { tags: { type: 'array', uniqueItems: true } } });
    const many = Array.from({ length: 20_000 }, (_, i) => ({ a: i }));
    const verdict = schema.validate({ tags: many });
    expect(verdict.valid).toBe(false);
    expect(errorsOf(verdict)).toMatch(/#\/tags: Array has too many items \(20000 > 1000\)/);
    const distinct = Array.from({ length: 1000 }, (_, i) => i);
    expect(schema.validate({ tags: distinct }).valid).toBe(true);
    expect(errorsOf(schema.validate({ tags: [...distinct, 1000] }))).toMatch(
      /too many items \(1001 > 1000\)/,
    );
    const withDuplicate = [...many.slice(0, 999), { a: 3 }];
    expect(errorsOf(schema.validate({ tags: withDuplicate }))).toMatch(
      /Duplicate items at indexes 3 and 999/,
    );
    expect(schema.validate({ tags: many }).valid).toBe(false);
    const wider = compile({ type: 'array', uniqueItems: true }, { maxUniqueItems: 30_000 });
    const equal = Array.from({ length: 2000 }, () => ({ a: 1 }));
    expect(errorsOf(wider.validate(equal))).toMatch(/Duplicate items/);
    expect(errorsOf(wider.validate(equal))).not.toMatch(/too many items/);
    const narrower = compile({ type: 'array', uniqueItems: true }, { maxUniqueItems: 10 });
    expect(narrower.validate(many.slice(0, 10)).valid).toBe(true);
    expect(errorsOf(narrower.validate(many.slice(0, 11)))).toMatch(/too many items \(11 > 10\)/);
  });

  it('P-90: the uniqueItems bound keeps its meaning inside not, anyOf, $ref and items', () => {
    const notUnique = compile({ not: { uniqueItems: true } });
    expect(notUnique.validate([1, 1]).valid).toBe(true);
    expect(notUnique.validate([1, 2]).valid).toBe(false);
    const either = compile({ anyOf: [{ type: 'string' }, { uniqueItems: true, allOf: [{ maxItems: 3 }] }] });
    expect(either.validate('s').valid).toBe(true);
    expect(either.validate([1, 2, 3]).valid).toBe(true);
    expect(either.validate([1, 1]).valid).toBe(false);
    expect(either.validate([1, 2, 3, 4]).valid).toBe(false);
    const nested = compile({
      $defs: { set: { type: 'array', uniqueItems: true } },
      type: 'array',
      items: { $ref: '#/$defs/set' },
    });
    expect(
      nested.validate([
        [1, 2],
        [1, 2],
      ]).valid,
    ).toBe(true);
    expect(
      nested.validate([
        [1, 2],
        [2, 2],
      ]).valid,
    ).toBe(false);
    const draft4 = compile({ $schema: 'http://json-schema.org/draft-04/schema#', uniqueItems: true });
    expect(draft4.validate([{ a: 1 }, { a: 1 }]).valid).toBe(false);
  });

  it('P-90: draft-07 dependencies count as subschemas', () => {
    const dependencies = Object.fromEntries(
      Array.from({ length: 1001 }, (_, i) => [`k${i}`, { type: 'object' }]),
    );
    const compiled = compileJsonSchema({ $schema: 'http://json-schema.org/draft-07/schema#', dependencies });
    expect(!compiled.ok && compiled.reason).toBe('schema has more than 1000 subschemas');
  });

  // Builds and walks a 20,000-link chain, long enough to reach the stack limit on some runtimes:
  // a fraction of a second idle, several seconds on a busy 2-core machine.
  it('P-90: a long $ref chain through subschemas the size walk does not see is refused, not thrown', {
    timeout: 30_000,
  }, () => {
    const hidden: Record<string, unknown> = { [`s${20_000}`]: { type: 'string' } };
    for (let i = 0; i < 20_000; i++) hidden[`s${i}`] = { $ref: `#/x-hidden/s${i + 1}` };
    const compiled = compileJsonSchema({ $ref: '#/x-hidden/s0', 'x-hidden': hidden });
    // Which limit it meets first depends on the stack size of the runtime.
    expect(!compiled.ok && compiled.reason).toMatch(/^schema (nests too deeply|expands to more than 10000)/);
  });
});
