import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../src/index.js';

function compile(schema: unknown) {
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.schema;
}

describe('compileJsonSchema', () => {
  it('P-82: no $schema means 2020-12 (prefixItems is understood)', () => {
    const schema = compile({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] });
    expect(schema.dialect).toBe('2020-12');
    expect(schema.validate(['a', 1]).valid).toBe(true);
    expect(schema.validate(['a', 'b']).valid).toBe(false);
  });

  it('supports draft-07 when declared', () => {
    const schema = compile({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['a'],
    });
    expect(schema.dialect).toBe('draft-07');
    expect(schema.validate({}).valid).toBe(false);
  });

  it('P-83: an unsupported dialect is an explicit "dialect not supported" refusal', () => {
    const compiled = compileJsonSchema({ $schema: 'https://example.com/my-dialect', type: 'object' });
    expect(compiled.ok).toBe(false);
    expect(!compiled.ok && compiled.reason).toMatch(/dialect not supported/);
  });

  it('P-86: composition, conditionals, $defs, $ref and $anchor work', () => {
    const schema = compile({
      type: 'object',
      $defs: { positive: { $anchor: 'positive', type: 'integer', minimum: 1 } },
      properties: {
        count: { $ref: '#/$defs/positive' },
        other: { $ref: '#positive' },
        kind: { oneOf: [{ const: 'a' }, { const: 'b' }] },
      },
      if: { properties: { kind: { const: 'a' } } },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword
      then: { required: ['count'] },
      additionalProperties: false,
    });
    expect(schema.validate({ kind: 'a', count: 2, other: 3 }).valid).toBe(true);
    expect(schema.validate({ kind: 'a' }).valid).toBe(false);
    expect(schema.validate({ kind: 'b', other: 0 }).valid).toBe(false);
    expect(schema.validate({ kind: 'c' }).valid).toBe(false);
    expect(schema.validate({ kind: 'b', extra: 1 }).valid).toBe(false);
  });

  it('P-87: a $ref to a network URI is never fetched: the schema is refused', () => {
    const compiled = compileJsonSchema({
      type: 'object',
      properties: { a: { $ref: 'https://example.com/a.json' } },
    });
    expect(compiled.ok).toBe(false);
    expect(!compiled.ok && compiled.reason).toMatch(/never fetched/);
  });

  it('P-88: there is no remote-$ref mode to turn on: no option makes compileJsonSchema fetch', () => {
    const calls: unknown[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((...args: unknown[]) => {
      calls.push(args);
      return Promise.reject(new Error('no network'));
    }) as typeof fetch;
    try {
      expect(
        compileJsonSchema({ $ref: 'https://example.com/s.json' }, { maxDepth: 100, maxSubschemas: 10_000 })
          .ok,
      ).toBe(false);
    } finally {
      globalThis.fetch = original;
    }
    expect(calls).toEqual([]);
  });

  it('P-89: an unresolvable $ref is refused, not treated as permissive', () => {
    expect(compileJsonSchema({ $ref: '#/$defs/missing' }).ok).toBe(false);
    expect(compileJsonSchema({ $ref: 'other.json' }).ok).toBe(false);
  });

  it('P-89: a $ref that is not a string is refused at compile time, not failed at every value', () => {
    for (const $ref of [5, null, {}]) {
      const compiled = compileJsonSchema({ type: 'object', properties: { a: { $ref } } });
      expect(compiled.ok, JSON.stringify($ref)).toBe(false);
      expect(!compiled.ok && compiled.reason).toMatch(/does not resolve inside the schema/);
    }
  });

  it('P-87/P-89: $dynamicRef and $recursiveRef are refused as not supported, not treated as permissive', () => {
    const schemas = [
      { type: 'object', properties: { a: { $dynamicRef: 'https://example.com/x#meta' } } },
      {
        $dynamicAnchor: 'node',
        type: 'object',
        properties: { a: { $dynamicRef: '#node' }, b: { type: 'string' } },
      },
      { $schema: 'https://json-schema.org/draft/2019-09/schema', $recursiveRef: '#' },
      { $defs: { unused: { $dynamicRef: '#meta' } }, type: 'string' },
    ];
    for (const schema of schemas) {
      const compiled = compileJsonSchema(schema);
      expect(compiled.ok, JSON.stringify(schema)).toBe(false);
      expect(!compiled.ok && compiled.reason).toMatch(/^\$(dynamic|recursive)Ref is not supported/);
    }
  });

  it('a property named $dynamicRef, or the word in a const, is not a dynamic reference', () => {
    const schema = compile({
      type: 'object',
      properties: { $dynamicRef: { type: 'string' } },
      additionalProperties: { const: { $dynamicRef: '#x' } },
    });
    expect(schema.validate({ $dynamicRef: 'a' }).valid).toBe(true);
    expect(schema.validate({ $dynamicRef: 1 }).valid).toBe(false);
  });

  it('P-90: bounds the number of subschemas and their depth', () => {
    const wide = { anyOf: Array.from({ length: 1001 }, () => ({ type: 'string' })) };
    expect(compileJsonSchema(wide).ok).toBe(false);
    expect(compileJsonSchema(wide, { maxSubschemas: 2000 }).ok).toBe(true);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { not: { not: deep } };
    expect(compileJsonSchema(deep).ok).toBe(false);
  });

  it('P-90: a schema whose default nests too deeply to copy is refused, not thrown', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    const compiled = compileJsonSchema({ type: 'object', default: deep });
    expect(compiled).toEqual({ ok: false, reason: 'schema cannot be copied: it nests too deeply' });
  });

  it('a self-referencing schema cannot crash validation', () => {
    const schema = compile({ $ref: '#' });
    const verdict = schema.validate(1);
    expect(verdict.valid).toBe(false);
  });

  it('does not change the schema it was given', () => {
    const original = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/x' } },
      $defs: { x: { type: 'string' } },
    };
    const snapshot = structuredClone(original);
    compile(original).validate({ a: 'x' });
    expect(original).toEqual(snapshot);
    expect(Object.getOwnPropertyNames(original.properties.a)).toEqual(['$ref']);
  });

  it('refuses what is not a schema', () => {
    expect(compileJsonSchema(null).ok).toBe(false);
    expect(compileJsonSchema([]).ok).toBe(false);
    expect(compileJsonSchema({ $schema: 5 }).ok).toBe(false);
  });

  it('reports where a value fails', () => {
    const verdict = compile({ type: 'object', properties: { n: { type: 'integer' } } }).validate({ n: 'x' });
    expect(!verdict.valid && verdict.errors.join('\n')).toMatch(/#\/n/);
  });
});
