import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAs, type WireTypeName } from '../src/index.js';
import { type Example, loadExamples, loadSchemaJson } from './helpers/fixtures.js';

/**
 * Our verdict must equal a JSON Schema 2020-12 validator's on `schema.json`, except where the digest
 * says the schema is too loose or the spec's TypeScript is wider (see `fixtures/README.md`).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Rules under which we reject what the schema accepts, each a deliberate receiver rule. */
const STRICTER_BY_DESIGN = new Set(['P-16', 'P-18', 'P-73', 'C-16']);

function widenedSchema() {
  const schema = loadSchemaJson('2026-07-28');
  // schema.ts allows fractional numbers and null in JSONValue, and any number in elicitation answers.
  setAt(
    schema,
    ['$defs', 'JSONValue', 'anyOf', 2, 'type'],
    ['string', 'integer', 'number', 'boolean', 'null'],
  );
  const elicitValue = [
    '$defs',
    'ElicitResult',
    'properties',
    'content',
    'additionalProperties',
    'anyOf',
    1,
    'type',
  ];
  setAt(schema, elicitValue, ['string', 'number', 'boolean']);
  boundIntegers(schema);
  return schema;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
}

/** JSON integers beyond ±(2^53−1) do not survive `JSON.parse`; we read only safe integers. */
function boundIntegers(node: unknown): void {
  if (Array.isArray(node)) {
    for (const child of node) boundIntegers(child);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') && !types.includes('number')) {
    schema.maximum ??= Number.MAX_SAFE_INTEGER;
    schema.minimum ??= Number.MIN_SAFE_INTEGER;
  }
  Object.values(schema).forEach(boundIntegers);
}

const ajv = new Ajv2020({ strict: false, validateFormats: false });
ajv.addSchema(widenedSchema(), 'mcp');
const validatorFor = (type: string) => ajv.getSchema(`mcp#/$defs/${type}`)!;

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Every location in a JSON value: the path to it. */
function locations(value: Json, path: (string | number)[] = []): (string | number)[][] {
  const here = [path];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => locations(v, [...path, i])));
  if (value !== null && typeof value === 'object') {
    return here.concat(...Object.entries(value).map(([k, v]) => locations(v, [...path, k])));
  }
  return here;
}

interface Mutation {
  at: number;
  op: 'drop' | 'retype' | 'add';
  replacement: Json;
  key: string;
}

function mutate(value: Json, m: Mutation): Json | undefined {
  const copy = structuredClone(value);
  const paths = locations(copy);
  const path = paths[m.at % paths.length]!;
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  let parent = copy as Record<string | number, Json>;
  for (const step of parentPath) parent = parent[step] as Record<string | number, Json>;
  const target = path.length === 0 ? copy : parent[last!];
  switch (m.op) {
    case 'drop':
      if (path.length === 0 || Array.isArray(parent)) return undefined;
      delete parent[last!];
      return copy;
    case 'retype':
      if (jsonType(m.replacement) === jsonType(target)) return undefined;
      if (path.length === 0) return m.replacement;
      parent[last!] = m.replacement;
      return copy;
    case 'add':
      if (target === null || typeof target !== 'object' || Array.isArray(target)) return undefined;
      (target as Record<string, Json>)[`x-${m.key}`] = m.replacement;
      return copy;
  }
}

const tally = { accepted: 0, rejected: 0, stricterByDesign: 0 };

function expectSameVerdict(type: string, value: unknown) {
  const ours = decodeAs(type as WireTypeName, value);
  if (ours.ok) tally.accepted++;
  else if (ours.rule && STRICTER_BY_DESIGN.has(ours.rule)) tally.stricterByDesign++;
  else tally.rejected++;
  const validate = validatorFor(type);
  if (ours.ok) {
    // Receiver defaults (P-17, C-32) are applied first; the result must satisfy the schema.
    expect(validate(ours.value), `${type}: we accept what the schema rejects: ${JSON.stringify(value)}`).toBe(
      true,
    );
  } else if (!(ours.rule && STRICTER_BY_DESIGN.has(ours.rule))) {
    expect(
      validate(value),
      `${type}: we reject (${ours.error.message}) what the schema accepts: ${JSON.stringify(value)}`,
    ).toBe(false);
  }
}

const mutation = fc.record({
  at: fc.nat(),
  op: fc.constantFrom<Mutation['op']>('drop', 'retype', 'add'),
  replacement: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
  key: fc.string({ maxLength: 8 }),
});

describe('differential: our decoder vs a JSON Schema 2020-12 validator on schema.json', () => {
  const examples = loadExamples();

  it.each(examples.map((e) => [`${e.type}/${e.file}`, e] as const))(
    '%s and mutations of it',
    (_, e: Example) => {
      expectSameVerdict(e.type, e.value);
      fc.assert(
        fc.property(mutation, (m) => {
          const mutated = mutate(e.value as Json, m);
          if (mutated !== undefined) expectSameVerdict(e.type, mutated);
        }),
        { numRuns: 60 },
      );
    },
  );

  it('exercised both verdicts: mutations were accepted and rejected in numbers', () => {
    expect(tally.accepted).toBeGreaterThan(1000);
    expect(tally.rejected).toBeGreaterThan(1000);
  });

  it('P-17: a missing resultType is read as "complete", though the schema requires it', () => {
    const result = { content: [{ type: 'text', text: 'hi' }] };
    expect(validatorFor('CallToolResult')(result)).toBe(false);
    const ours = decodeAs('CallToolResult', result);
    expect(ours.ok && ours.value.resultType).toBe('complete');
  });

  it('Q-8/P-18: a "complete" result is not read as an InputRequiredResult to rescue it', () => {
    const response = { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } };
    expect(validatorFor('CallToolResultResponse')(response)).toBe(true);
    const ours = decodeAs('CallToolResultResponse', response);
    expect(ours.ok).toBe(false);
    expect(!ours.ok && ours.rule).toBe('P-18');
  });

  it('P-16: an unknown resultType is invalid, though the schema accepts any string', () => {
    const response = { jsonrpc: '2.0', id: 1, result: { resultType: 'surprise', content: [] } };
    expect(validatorFor('CallToolResultResponse')(response)).toBe(true);
    const ours = decodeAs('CallToolResultResponse', response);
    expect(!ours.ok && ours.rule).toBe('P-16');
  });

  it('P-73: input_required needs inputRequests or requestState, which the schema does not say', () => {
    const result = { resultType: 'input_required' };
    expect(validatorFor('InputRequiredResult')(result)).toBe(true);
    const ours = decodeAs('InputRequiredResult', result);
    expect(!ours.ok && ours.rule).toBe('P-73');
  });

  it('JSONValue: fractional numbers and null are JSON values (schema.ts), unlike in schema.json', () => {
    const original = loadSchemaJson('2026-07-28');
    const strict = new Ajv2020({ strict: false, validateFormats: false });
    strict.addSchema(original, 'strict');
    const caps = { experimental: { x: { ratio: 0.5, none: null } } };
    expect(strict.getSchema('strict#/$defs/ServerCapabilities')!(caps)).toBe(false);
    expect(decodeAs('ServerCapabilities', caps).ok).toBe(true);
    const answer = { action: 'accept', content: { temperature: 21.5 } };
    expect(strict.getSchema('strict#/$defs/ElicitResult')!(answer)).toBe(false);
    expect(decodeAs('ElicitResult', answer).ok).toBe(true);
  });
});
