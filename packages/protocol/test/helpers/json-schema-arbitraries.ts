import fc from 'fast-check';
import type { JsonSchemaDialect } from '../../src/json-schema.js';

/**
 * Random JSON Schemas of one dialect, using every keyword `compileJsonSchema` supports in that
 * dialect, and random JSON values made of the same few names, numbers and strings, so that a value
 * often comes close to a schema's boundaries.
 */

export const NAMES = ['a', 'b', 'c', 'ab'] as const;
export const PATTERNS = ['^a', 'b$', 'a+', '^[ab]*$', 'c', '^.$'] as const;
export const FORMAT_STRINGS = [
  '2020-02-29',
  '2021-02-29',
  '2020-13-01',
  '12:00:00Z',
  '23:59:60Z',
  '12:00:00',
  '2020-01-01T00:00:00+01:00',
  '2020-01-01 00:00:00Z',
  'P1D',
  'P1Y2D',
  'PT1H30M',
  'P',
  'http://x.com/a?b#c',
  'https://ex.com/{id}',
  '//host/path',
  'a:b',
  '?q',
  'a@b.co',
  '"a b"@c.de',
  'a..b@c.de',
  '::1',
  '1::2:3',
  '1:2:3:4:5:6:7:8',
  '1.2.3.4',
  '1.2.3.256',
  'foo.bar',
  '-foo.com',
  '/a~0b',
  '/a~2',
  '0/a',
  '1#',
  '#/a%20b',
  '{x}',
  'x{',
  '{+a,b:3}',
  '550e8400-e29b-41d4-a716-446655440000',
  '[a-',
  'a+',
] as const;
export const FORMATS = [
  'date',
  'time',
  'date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'unknown-format',
] as const;

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2, max: 4 }),
  fc.constantFrom(0.5, 1.5, -0.5, 2.5),
  fc.constantFrom('', 'a', 'b', 'ab', 'ba', 'abc', 'aa', 'c', '\u{1F600}'),
  fc.constantFrom(...FORMAT_STRINGS),
);

/**
 * A JSON value of scalars from a small pool, arrays up to 4 items and objects of the names above,
 * as `JSON.parse` makes it (fast-check's objects have no prototype, which ajv's equality refuses).
 */
export const jsonValue: fc.Arbitrary<unknown> = fc
  .letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', maxDepth: 3 }, scalar, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(fc.constantFrom(...NAMES), tie('value'), { maxKeys: 3 }),
  }))
  .value.map((value) => JSON.parse(JSON.stringify(value)));

const small = fc.integer({ min: 0, max: 3 });
const names = fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 });

type Keywords = [string, fc.Arbitrary<unknown>][];

/** The definitions a `$ref` may point at, by the pointer or anchor that reaches each one. */
function refTargets(dialect: JsonSchemaDialect): string[] {
  const defs = dialect === 'draft-07' || dialect === 'draft-04' ? 'definitions' : '$defs';
  return [`#/${defs}/d0`, `#/${defs}/d1`, '#d1'];
}

/** Keywords of `dialect` whose values are not subschemas (or whose subschemas are `sub`). */
function keywords(dialect: JsonSchemaDialect, sub: fc.Arbitrary<unknown>, withRefs: boolean): Keywords {
  const modern = dialect === '2020-12' || dialect === '2019-09';
  const list: Keywords = [
    [
      'type',
      fc.oneof(
        fc.constantFrom('null', 'boolean', 'object', 'array', 'number', 'integer', 'string'),
        fc.uniqueArray(fc.constantFrom('null', 'integer', 'string', 'object', 'array'), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
    ],
    ['const', jsonValue],
    [
      'enum',
      fc.uniqueArray(jsonValue, { minLength: 1, maxLength: 4, selector: (item) => JSON.stringify(item) }),
    ],
    ['minimum', fc.integer({ min: -1, max: 3 })],
    ['maximum', fc.integer({ min: -1, max: 3 })],
    ['multipleOf', fc.constantFrom(1, 2, 0.5)],
    ['minLength', small],
    ['maxLength', small],
    ['pattern', fc.constantFrom(...PATTERNS)],
    ['format', fc.constantFrom(...FORMATS)],
    ['required', names],
    ['minProperties', small],
    ['maxProperties', small],
    ['propertyNames', sub],
    ['properties', fc.dictionary(fc.constantFrom(...NAMES), sub, { maxKeys: 3 })],
    ['patternProperties', fc.dictionary(fc.constantFrom(...PATTERNS), sub, { maxKeys: 2 })],
    ['additionalProperties', sub],
    ['items', sub],
    ['minItems', small],
    ['maxItems', small],
    ['uniqueItems', fc.boolean()],
    ['contains', sub],
    ['allOf', fc.array(sub, { minLength: 1, maxLength: 3 })],
    ['anyOf', fc.array(sub, { minLength: 1, maxLength: 3 })],
    ['oneOf', fc.array(sub, { minLength: 1, maxLength: 3 })],
    ['not', sub],
    ['if', fc.tuple(sub, sub, sub)],
  ];
  if (dialect === 'draft-04') {
    list.push(['exclusiveMinimum', fc.boolean()], ['exclusiveMaximum', fc.boolean()]);
  } else {
    list.push(
      ['exclusiveMinimum', fc.integer({ min: -1, max: 3 })],
      ['exclusiveMaximum', fc.integer({ min: -1, max: 3 })],
    );
  }
  if (dialect === '2020-12') list.push(['prefixItems', fc.array(sub, { minLength: 1, maxLength: 3 })]);
  else list.push(['items', fc.array(sub, { minLength: 1, maxLength: 3 })], ['additionalItems', sub]);
  if (modern) {
    list.push(
      ['minContains', small],
      ['maxContains', small],
      ['dependentRequired', fc.dictionary(fc.constantFrom(...NAMES), names, { maxKeys: 2 })],
      ['dependentSchemas', fc.dictionary(fc.constantFrom(...NAMES), sub, { maxKeys: 2 })],
      ['unevaluatedProperties', sub],
      ['unevaluatedItems', sub],
    );
  } else {
    list.push([
      'dependencies',
      fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(names, sub), { maxKeys: 2 }),
    ]);
  }
  if (withRefs) list.push(['$ref', fc.constantFrom(...refTargets(dialect))]);
  return list;
}

/** One to three keywords of `dialect`, with `if` spread into `if`, `then` and `else`. */
function schemaOf(
  dialect: JsonSchemaDialect,
  sub: fc.Arbitrary<unknown>,
  withRefs: boolean,
): fc.Arbitrary<unknown> {
  const list = keywords(dialect, sub, withRefs);
  const object = fc
    .uniqueArray(fc.integer({ min: 0, max: list.length - 1 }), {
      minLength: 1,
      maxLength: 3,
      selector: (i) => list[i]![0],
    })
    .chain((picked) =>
      fc.tuple(...picked.map((i) => list[i]![1])).map((values) => {
        const schema: Record<string, unknown> = {};
        picked.forEach((i, n) => {
          const [keyword] = list[i]!;
          const value = values[n];
          if (keyword !== 'if') {
            schema[keyword] = value;
            return;
          }
          const [condition, then, otherwise] = value as unknown[];
          Object.assign(schema, { if: condition, then, else: otherwise });
        });
        return schema;
      }),
    );
  return fc.oneof({ weight: 1, arbitrary: fc.boolean() }, { weight: 8, arbitrary: object });
}

function nested(dialect: JsonSchemaDialect, depth: number, withRefs: boolean): fc.Arbitrary<unknown> {
  const leaf = schemaOf(dialect, fc.boolean(), withRefs);
  if (depth === 0) return leaf;
  return schemaOf(dialect, nested(dialect, depth - 1, withRefs), withRefs);
}

/** A whole schema of `dialect`: `$schema`, two definitions (`d1` also reachable by an anchor) and a body that may `$ref` them. */
export function schemaArbitrary(dialect: JsonSchemaDialect): fc.Arbitrary<Record<string, unknown>> {
  const uri = {
    '2020-12': 'https://json-schema.org/draft/2020-12/schema',
    '2019-09': 'https://json-schema.org/draft/2019-09/schema',
    'draft-07': 'http://json-schema.org/draft-07/schema#',
    'draft-04': 'http://json-schema.org/draft-04/schema#',
  }[dialect];
  const legacy = dialect === 'draft-07' || dialect === 'draft-04';
  const definition = nested(dialect, 1, false).map((schema) =>
    typeof schema === 'object' ? schema : { not: { not: schema } },
  );
  return fc.tuple(nested(dialect, 2, true), definition, definition).map(([body, d0, d1]) => {
    const anchor = legacy ? { [dialect === 'draft-04' ? 'id' : '$id']: '#d1' } : { $anchor: 'd1' };
    const defs = { d0, d1: { ...(d1 as object), ...anchor } };
    const root = typeof body === 'object' ? (body as Record<string, unknown>) : { allOf: [body] };
    return { $schema: uri, ...root, [legacy ? 'definitions' : '$defs']: defs };
  });
}
