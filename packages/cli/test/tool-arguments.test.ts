import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/output.js';
import { argumentsFrom, checkArguments, coerceArgument } from '../src/tool-arguments.js';

const SCHEMA = {
  type: 'object',
  properties: {
    count: { type: 'integer' },
    ratio: { type: 'number' },
    name: { type: 'string' },
    loud: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    size: { enum: [1, 2, 3] },
    maybe: { type: ['null', 'number'] },
  },
  required: ['name'],
};

describe('--arg values are typed by the property schema', () => {
  it('makes numbers, booleans, JSON and strings as each property declares', () => {
    expect(coerceArgument('42', SCHEMA.properties.count)).toBe(42);
    expect(coerceArgument('0.5', SCHEMA.properties.ratio)).toBe(0.5);
    expect(coerceArgument('42', SCHEMA.properties.name)).toBe('42');
    expect(coerceArgument('true', SCHEMA.properties.loud)).toBe(true);
    expect(coerceArgument('["a","b"]', SCHEMA.properties.tags)).toEqual(['a', 'b']);
    expect(coerceArgument('2', SCHEMA.properties.size)).toBe(2);
    expect(coerceArgument('null', SCHEMA.properties.maybe)).toBeNull();
    expect(coerceArgument('7', SCHEMA.properties.maybe)).toBe(7);
  });

  it('keeps a value that fits no declared type as text, for the schema check to report', () => {
    expect(coerceArgument('many', SCHEMA.properties.count)).toBe('many');
    expect(coerceArgument('', SCHEMA.properties.count)).toBe('');
    expect(coerceArgument('yes', SCHEMA.properties.loud)).toBe('yes');
  });

  it('reads JSON without a declared type, else the text', () => {
    expect(coerceArgument('{"a":1}', undefined)).toEqual({ a: 1 });
    expect(coerceArgument('hello', {})).toBe('hello');
  });

  it('puts --arg pairs over the JSON object, and refuses what is not key=value or an object', () => {
    expect(argumentsFrom('{"name":"a","count":1}', ['count=2', 'extra=x=y'], SCHEMA)).toEqual({
      name: 'a',
      count: 2,
      extra: 'x=y',
    });
    expect(() => argumentsFrom('[1]', [], SCHEMA)).toThrow(UsageError);
    expect(() => argumentsFrom('{', [], SCHEMA)).toThrow(/JSON object/);
    expect(() => argumentsFrom(undefined, ['novalue'], SCHEMA)).toThrow(/key=value/);
    expect(argumentsFrom(undefined, ['__proto__={"polluted":1}'], SCHEMA)).toHaveProperty('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('arguments are checked against the input schema before the call', () => {
  it('passes arguments that fit', () => {
    expect(() => checkArguments('t', { name: 'a', count: 3 }, SCHEMA)).not.toThrow();
  });

  it('names each problem and what the tool takes', () => {
    let error: unknown;
    try {
      checkArguments('t', { count: 'many' }, SCHEMA);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).toMatch(/^the arguments for t do not match its input schema:/);
    expect(message).toMatch(/required property "name"/);
    expect(message).toMatch(/#\/count: .*integer/);
    expect(message).toMatch(/^ {2}name: string \(required\)$/m);
    expect(message).toMatch(/^ {2}size: number one of \[1,2,3\]$/m);
  });

  it('leaves a schema it cannot use to the server', () => {
    expect(() => checkArguments('t', {}, { $ref: 'https://example.com/schema.json' })).not.toThrow();
  });
});
