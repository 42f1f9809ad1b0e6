import { validate } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../src/index.js';
import { simpleObjectCheck } from '../src/json-schema-simple.js';

const echo = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };

const schemas: Record<string, unknown>[] = [
  echo,
  { type: 'object' },
  { type: 'object', properties: {}, additionalProperties: false },
  {
    type: 'object',
    description: 'every primitive type',
    properties: {
      s: { type: 'string', description: 'a string', default: 'x' },
      n: { type: 'number' },
      i: { type: 'integer', title: 'Count' },
      b: { type: 'boolean' },
      z: { type: 'null' },
      e: { type: 'string', enum: ['a', 'b'] },
      m: { type: 'number', enum: [1, 2.5] },
    },
    required: ['s', 'i'],
    additionalProperties: false,
  },
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: { a: { type: 'integer' } },
  },
];

const values: unknown[] = [
  {},
  { text: 'hi' },
  { text: 1 },
  { text: 'hi', extra: [1, { a: 2 }] },
  { s: 'x', i: 3 },
  { s: 'x', i: 3.5 },
  { s: 'x', i: 3, n: -1.5, b: false, z: null, e: 'a', m: 2.5 },
  { s: 'x', i: 3, e: 'c' },
  { s: 'x', i: 3, m: 3 },
  { s: 'x', i: 3, z: 0 },
  { s: 'x', i: 3, b: 'true' },
  { s: 'x', i: 3, other: 1 },
  { s: 1, i: 3 },
  { a: 1 },
  { a: '1' },
  [],
  ['text'],
  null,
  'text',
  3,
  JSON.parse('{"__proto__": {"text": 1}, "text": "hi"}'),
  Object.create({ text: 'inherited' }),
];

describe('simpleObjectCheck', () => {
  it('never calls a value valid that full validation refuses, and agrees on every value it accepts', () => {
    for (const schema of schemas) {
      const surelyValid = simpleObjectCheck(schema);
      expect(surelyValid, JSON.stringify(schema)).toBeTypeOf('function');
      const draft = schema.$schema === undefined ? '2020-12' : '7';
      for (const value of values) {
        const full = validate(value, structuredClone(schema), draft).valid;
        if (surelyValid!(value))
          expect(full, `${JSON.stringify(schema)} ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('recognises the values a flat object schema accepts', () => {
    const surelyValid = simpleObjectCheck(schemas[3])!;
    expect(surelyValid({ s: 'x', i: 3 })).toBe(true);
    expect(surelyValid({ s: 'x', i: 3, n: -1.5, b: false, z: null, e: 'a', m: 2.5 })).toBe(true);
    expect(simpleObjectCheck(echo)!({ text: 'hi', extra: 1 })).toBe(true);
  });

  it('is not sure of a value that breaks any rule', () => {
    const surelyValid = simpleObjectCheck(schemas[3])!;
    for (const value of [
      { i: 3 },
      { s: 'x', i: 3.5 },
      { s: 'x', i: 3, e: 'c' },
      { s: 'x', i: 3, m: 3 },
      { s: 'x', i: 3, z: 0 },
      { s: 'x', i: 3, other: 1 },
      [],
      null,
      Object.create({ s: 'x', i: 3 }),
    ]) {
      expect(surelyValid(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('leaves every other schema to full validation', () => {
    for (const schema of [
      { type: 'array' },
      { type: ['object', 'null'] },
      { type: 'object', properties: { a: { type: 'string', minLength: 1 } } },
      { type: 'object', properties: { a: { type: 'string', format: 'uri' } } },
      { type: 'object', properties: { a: { type: 'object' } } },
      { type: 'object', properties: { a: { $ref: '#/$defs/a' } }, $defs: { a: { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'string', enum: [{}] } } },
      { type: 'object', properties: { toString: { type: 'string' } } },
      { type: 'object', additionalProperties: { type: 'string' } },
      { type: 'object', minProperties: 1 },
      { type: 'object', required: 'a' },
      true,
    ]) {
      expect(simpleObjectCheck(schema), JSON.stringify(schema)).toBeUndefined();
    }
  });

  it('keeps the full validation errors for values it is not sure of', () => {
    const compiled = compileJsonSchema(echo);
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.schema.validate({ text: 'hi' })).toEqual({ valid: true });
    const verdict = compiled.schema.validate({ text: 1 });
    expect(verdict.valid).toBe(false);
    expect(!verdict.valid && verdict.errors.join('\n')).toMatch(/#\/text: Instance type "number" is invalid/);
  });
});
