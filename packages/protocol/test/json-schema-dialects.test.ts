import { describe, expect, it } from 'vitest';
import { type CompiledJsonSchema, compileJsonSchema } from '../src/json-schema.js';

const URI = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  'draft-04': 'http://json-schema.org/draft-04/schema#',
};

function compile(dialect: keyof typeof URI, schema: Record<string, unknown>): CompiledJsonSchema {
  const compiled = compileJsonSchema({ $schema: URI[dialect], ...schema });
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.schema;
}

const valid = (schema: CompiledJsonSchema, value: unknown) => schema.validate(value).valid;

describe('dialect differences', () => {
  it('draft-07 and draft-04 ignore the keywords beside a $ref; 2019-09 and 2020-12 apply them', () => {
    for (const dialect of ['draft-07', 'draft-04'] as const) {
      const schema = compile(dialect, {
        definitions: { n: { type: 'number' } },
        $ref: '#/definitions/n',
        minimum: 5,
      });
      expect(valid(schema, 1), dialect).toBe(true);
      expect(valid(schema, 'x'), dialect).toBe(false);
    }
    for (const dialect of ['2020-12', '2019-09'] as const) {
      const schema = compile(dialect, { $defs: { n: { type: 'number' } }, $ref: '#/$defs/n', minimum: 5 });
      expect(valid(schema, 1), dialect).toBe(false);
      expect(valid(schema, 6), dialect).toBe(true);
    }
  });

  it('draft-07 dependencies: a list of names or a schema', () => {
    const schema = compile('draft-07', { dependencies: { a: ['b'], c: { required: ['d'] } } });
    expect(valid(schema, { a: 1, b: 2 })).toBe(true);
    expect(valid(schema, { a: 1 })).toBe(false);
    expect(valid(schema, { c: 1 })).toBe(false);
    expect(valid(schema, { c: 1, d: 1 })).toBe(true);
    expect(schema.validate({ a: 1 })).toEqual({
      valid: false,
      errors: ['#: Instance has "a" but does not have "b".'],
    });
  });

  it('dependentRequired and dependentSchemas (2019-09 and later)', () => {
    const schema = compile('2020-12', {
      dependentRequired: { a: ['b'] },
      dependentSchemas: { c: { maxProperties: 1 } },
    });
    expect(valid(schema, { a: 1, b: 1 })).toBe(true);
    expect(valid(schema, { a: 1 })).toBe(false);
    expect(valid(schema, { c: 1 })).toBe(true);
    expect(valid(schema, { c: 1, d: 1 })).toBe(false);
  });

  it('a list of items with additionalItems (draft-07, 2019-09); prefixItems then items (2020-12)', () => {
    for (const dialect of ['draft-07', '2019-09'] as const) {
      const schema = compile(dialect, {
        items: [{ type: 'string' }, { type: 'number' }],
        additionalItems: false,
      });
      expect(valid(schema, ['a', 1]), dialect).toBe(true);
      expect(valid(schema, ['a']), dialect).toBe(true);
      expect(valid(schema, [1]), dialect).toBe(false);
      expect(valid(schema, ['a', 1, null]), dialect).toBe(false);
    }
    const modern = compile('2020-12', { prefixItems: [{ type: 'string' }], items: { type: 'number' } });
    expect(valid(modern, ['a', 1, 2])).toBe(true);
    expect(valid(modern, ['a', 'b'])).toBe(false);
    expect(valid(modern, [1])).toBe(false);
  });

  it('draft-04: exclusiveMinimum and exclusiveMaximum are flags on minimum and maximum; later, bounds', () => {
    const old = compile('draft-04', {
      minimum: 1,
      exclusiveMinimum: true,
      maximum: 3,
      exclusiveMaximum: false,
    });
    expect([0, 1, 2, 3, 4].map((n) => valid(old, n))).toEqual([false, false, true, true, false]);
    expect(old.validate(1)).toEqual({ valid: false, errors: ['#: 1 is less than or equal to 1.'] });
    const later = compile('draft-07', { exclusiveMinimum: 1, exclusiveMaximum: 3 });
    expect([1, 2, 3].map((n) => valid(later, n))).toEqual([false, true, false]);
  });

  it('draft-04 `id` and draft-07 `$id` set base URIs and name fragments; 2019-09 and later use $anchor', () => {
    const draft4 = compile('draft-04', {
      id: 'https://example.com/root.json',
      definitions: { item: { id: 'item.json', type: 'integer' }, named: { id: '#named', type: 'string' } },
      properties: { a: { $ref: 'item.json' }, b: { $ref: '#named' } },
    });
    expect(valid(draft4, { a: 1, b: 'x' })).toBe(true);
    expect(valid(draft4, { a: 'x' })).toBe(false);
    expect(valid(draft4, { b: 1 })).toBe(false);
    const draft7 = compile('draft-07', {
      definitions: { s: { $id: '#s', type: 'string' } },
      items: { $ref: '#s' },
    });
    expect(valid(draft7, ['x'])).toBe(true);
    expect(valid(draft7, [1])).toBe(false);
    const modern = compile('2020-12', {
      $id: 'https://example.com/a/root.json',
      $defs: { other: { $id: 'other.json', $defs: { n: { $anchor: 'n', type: 'number' } }, $ref: '#n' } },
      items: { $ref: 'other.json' },
    });
    expect(valid(modern, [1])).toBe(true);
    expect(valid(modern, ['x'])).toBe(false);
    // `id` means nothing in 2020-12: a property's schema named "id" is no base URI.
    expect(compileJsonSchema({ properties: { id: { type: 'string' } }, $ref: '#/properties/id' }).ok).toBe(
      true,
    );
  });

  it('minContains and maxContains bound the items that match contains', () => {
    const schema = compile('2020-12', { contains: { type: 'string' }, minContains: 2, maxContains: 3 });
    expect(
      [['a'], ['a', 'b'], ['a', 1, 'b', 'c'], ['a', 'b', 'c', 'd']].map((v) => valid(schema, v)),
    ).toEqual([false, true, true, false]);
    const none = compile('2020-12', { contains: { type: 'string' }, minContains: 0 });
    expect(valid(none, [])).toBe(true);
    expect(valid(compile('2020-12', { contains: true }), [])).toBe(false);
  });
});

describe('unevaluatedProperties and unevaluatedItems', () => {
  it('see what properties, allOf, $ref and a matching if evaluated', () => {
    const schema = compile('2020-12', {
      $defs: { b: { properties: { b: true } } },
      properties: { a: true },
      allOf: [{ properties: { c: true } }],
      $ref: '#/$defs/b',
      if: { properties: { kind: { const: 'd' } }, required: ['kind'] },
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword
      then: { properties: { d: true } },
      unevaluatedProperties: false,
    });
    expect(valid(schema, { a: 1, b: 1, c: 1 })).toBe(true);
    expect(valid(schema, { kind: 'd', d: 1 })).toBe(true);
    expect(valid(schema, { d: 1 })).toBe(false);
    expect(schema.validate({ e: 1 })).toMatchObject({
      valid: false,
      errors: expect.arrayContaining(['#: Property "e" does not match unevaluated properties schema.']),
    });
  });

  it('do not see what a failing anyOf branch or a not evaluated', () => {
    const schema = compile('2020-12', {
      anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: true } }],
      not: { properties: { c: { const: 0 } }, required: ['c'] },
      unevaluatedProperties: false,
    });
    expect(valid(schema, { a: 'x' })).toBe(true);
    expect(valid(schema, { a: 1 })).toBe(false);
    expect(valid(schema, { b: 1 })).toBe(true);
    expect(valid(schema, { b: 1, c: 1 })).toBe(false);
  });

  // ajv 8 gets this wrong: the failing branch's unevaluatedItems still counts for the parent.
  it('inside a failing branch, evaluate nothing for the parent', () => {
    const schema = compile('2020-12', {
      oneOf: [{ type: 'array' }, { type: 'null', unevaluatedItems: false }],
      anyOf: [{ type: 'array' }, { type: 'null', unevaluatedProperties: false }],
      unevaluatedItems: { type: 'null' },
    });
    expect(valid(schema, [null])).toBe(true);
    expect(valid(schema, [[]])).toBe(false);
  });

  // @cfworker/json-schema let the subschema see what the parent's $ref had evaluated before it.
  it('inside allOf, see only their own schema, not the keywords beside the allOf', () => {
    const schema = compile('2020-12', {
      $defs: { a: { properties: { a: true } } },
      $ref: '#/$defs/a',
      allOf: [{ unevaluatedProperties: false }],
    });
    expect(valid(schema, {})).toBe(true);
    expect(valid(schema, { a: 1 })).toBe(false);
  });

  it('nested: an inner unevaluatedProperties evaluates everything for the outer one', () => {
    const schema = compile('2019-09', {
      allOf: [{ properties: { a: true }, unevaluatedProperties: { type: 'number' } }],
      unevaluatedProperties: false,
    });
    expect(valid(schema, { a: 'x', b: 1 })).toBe(true);
    expect(valid(schema, { b: 'x' })).toBe(false);
  });

  it('unevaluatedItems after prefixItems; contains counts as evaluating in 2020-12 only', () => {
    const tuple = compile('2020-12', {
      prefixItems: [{ type: 'string' }],
      unevaluatedItems: { type: 'number' },
    });
    expect(valid(tuple, ['a', 1, 2])).toBe(true);
    expect(valid(tuple, ['a', 'b'])).toBe(false);
    const schema = { contains: { type: 'string' }, unevaluatedItems: { type: 'number' } };
    expect(valid(compile('2020-12', schema), ['a', 1])).toBe(true);
    expect(valid(compile('2020-12', schema), ['a', null])).toBe(false);
    // 2019-09: unevaluatedItems reads items, additionalItems and unevaluatedItems only.
    expect(valid(compile('2019-09', schema), ['a', 1])).toBe(false);
    expect(valid(compile('2019-09', schema), [1, 2])).toBe(false);
    expect(valid(compile('2019-09', { items: [true], contains: true, unevaluatedItems: false }), ['a'])).toBe(
      true,
    );
  });
});

describe('errors', () => {
  it('name the location as a JSON Pointer fragment, the failing keyword first and what is wrong below it', () => {
    const schema = compile('2020-12', { properties: { 'a/b~c': { items: { type: 'string' } } } });
    expect(schema.validate({ 'a/b~c': ['x', 1] })).toEqual({
      valid: false,
      errors: [
        '#: Property "a/b~c" does not match schema.',
        '#/a~1b~0c: Items did not match schema.',
        '#/a~1b~0c/1: Instance type "number" is invalid. Expected "string".',
      ],
    });
  });

  it('refuses a keyword whose value it cannot use, instead of failing every value', () => {
    for (const schema of [
      { required: 'a' },
      { minimum: '1' },
      { allOf: {} },
      { properties: [] },
      { multipleOf: 0 },
    ]) {
      const compiled = compileJsonSchema(schema);
      expect(compiled.ok, JSON.stringify(schema)).toBe(false);
    }
  });
});
