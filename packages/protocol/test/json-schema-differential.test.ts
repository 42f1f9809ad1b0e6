import { dereference, type Schema, type SchemaDraft, validate } from '@cfworker/json-schema';
import Ajv from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema, type JsonSchemaDialect } from '../src/json-schema.js';
import { jsonValue, schemaArbitrary } from './helpers/json-schema-arbitraries.js';

/**
 * Our validator replaced `@cfworker/json-schema`: on random schemas of each dialect and random
 * values, its verdict must be the one `@cfworker/json-schema` gave, and for the dialects ajv
 * implements the one ajv gives (formats aside: ajv checks none without a plug-in).
 *
 * Where `@cfworker/json-schema` departs from the specification we follow the specification, and
 * the comparison leaves that case to ajv:
 * - `unevaluatedProperties` and `unevaluatedItems` inside `allOf`/`anyOf`/`oneOf` see, in
 *   `@cfworker/json-schema`, what the parent schema's `$ref` evaluated before them; the specification
 *   lets them see only their own schema's keywords. Schemas with `unevaluated*` are compared with ajv.
 * ajv also lets an `unevaluated*` keyword inside a branch that fails (of `anyOf`, `oneOf`, `not`,
 * `if`) count its items or properties as evaluated for the parent, though a failing branch's
 * annotations are dropped: such schemas are compared with neither (json-schema-dialects.test.ts
 * tests the case).
 * ajv counts every item as evaluated once `contains` passes (2019-09 counts none, 2020-12 only those
 * that match), and in draft-07 accepts an empty array under `contains` beside a list of `items`:
 * schemas with `contains` are compared with `@cfworker/json-schema` only.
 * ajv evaluates the keywords beside a draft-07 `$ref`, which draft-07 says to ignore (as we and
 * `@cfworker/json-schema` do): draft-07 schemas with a `$ref` are compared with `@cfworker/json-schema` only.
 * - The formats where it departs from their RFCs are tested on their own in json-schema-formats.test.ts;
 *   of those, only `uri-reference` meets strings of the value pool here (`12:00:00Z`, which is not a
 *   relative reference: its first segment has a colon), so schemas asserting it are left to that test.
 */

const CFWORKER_DRAFT: Record<JsonSchemaDialect, SchemaDraft> = {
  '2020-12': '2020-12',
  '2019-09': '2019-09',
  'draft-07': '7',
  'draft-04': '4',
};

function cfworkerVerdict(
  schema: Record<string, unknown>,
  value: unknown,
  dialect: JsonSchemaDialect,
): boolean {
  const copy = structuredClone(schema) as Schema;
  return validate(value, copy, CFWORKER_DRAFT[dialect], dereference(copy), true).valid;
}

const ajvs = {
  '2020-12': new Ajv2020({ strict: false, validateFormats: false }),
  '2019-09': new Ajv2019({ strict: false, validateFormats: false }),
  'draft-07': new Ajv({ strict: false, validateFormats: false }),
} as const;

/** ajv's verdict, or `undefined` where ajv throws (its 2019-09 code does for some `oneOf` beside `patternProperties`). */
function ajvVerdict(
  schema: Record<string, unknown>,
  value: unknown,
  dialect: keyof typeof ajvs,
): boolean | undefined {
  const { $schema: _, ...rest } = schema;
  try {
    return ajvs[dialect].validate(structuredClone(rest), value) as boolean;
  } catch {
    return undefined;
  }
}

function ourVerdict(schema: Record<string, unknown>, value: unknown): boolean {
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) throw new Error(`refused ${JSON.stringify(schema)}: ${compiled.reason}`);
  return compiled.schema.validate(value).valid;
}

const usesUnevaluated = (schema: unknown) => JSON.stringify(schema).includes('"unevaluated');
const BRANCHES = new Set(['anyOf', 'oneOf', 'not', 'if']);
/** Whether an `unevaluated*` keyword sits somewhere under a branch that may fail. */
function unevaluatedInBranch(schema: unknown, inBranch = false): boolean {
  if (Array.isArray(schema)) return schema.some((item) => unevaluatedInBranch(item, inBranch));
  if (typeof schema !== 'object' || schema === null) return false;
  return Object.entries(schema).some(
    ([key, value]) =>
      (inBranch && key.startsWith('unevaluated')) ||
      unevaluatedInBranch(value, inBranch || BRANCHES.has(key)),
  );
}
const usesUriReference = (schema: unknown) => JSON.stringify(schema).includes('"uri-reference"');
const usesFormat = (schema: unknown) => JSON.stringify(schema).includes('"format"');
const usesRef = (schema: unknown) => JSON.stringify(schema).includes('"$ref"');
const usesContains = (schema: unknown) => JSON.stringify(schema).includes('"contains"');

const cases = (dialect: JsonSchemaDialect) =>
  fc.tuple(schemaArbitrary(dialect), fc.array(jsonValue, { minLength: 4, maxLength: 4 }));

describe('compileJsonSchema against @cfworker/json-schema and ajv', () => {
  for (const dialect of ['2020-12', '2019-09', 'draft-07', 'draft-04'] as const) {
    it(`${dialect}: the same verdicts on random schemas and values`, () => {
      fc.assert(
        fc.property(cases(dialect), ([schema, values]) => {
          for (const value of values) {
            const ours = ourVerdict(schema, value);
            const where = `${JSON.stringify(schema)} on ${JSON.stringify(value)}`;
            if (!usesUnevaluated(schema) && !usesUriReference(schema))
              expect(ours, `cfworker: ${where}`).toBe(cfworkerVerdict(schema, value, dialect));
            const ajvAgrees =
              !usesFormat(schema) &&
              !usesContains(schema) &&
              !(dialect === 'draft-07' && usesRef(schema)) &&
              !unevaluatedInBranch(schema);
            if (dialect !== 'draft-04' && ajvAgrees) {
              const ajv = ajvVerdict(schema, value, dialect);
              if (ajv !== undefined) expect(ours, `ajv: ${where}`).toBe(ajv);
            }
          }
        }),
        { numRuns: 100 },
      );
    });
  }
});
