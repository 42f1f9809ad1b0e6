import { describe, expect, it } from 'vitest';
import { type CompiledJsonSchema, compileJsonSchema } from '../src/json-schema.js';

function compiled(schema: unknown): CompiledJsonSchema {
  const result = compileJsonSchema(schema);
  if (!result.ok) throw new Error(result.reason);
  return result.schema;
}

/** Runs `work` and returns how long it took, in milliseconds. */
function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

const EVIL = '^((a+)+)+$';
// Linear work here takes milliseconds and backtracking takes minutes or more: the bound leaves room for
// a busy machine and still tells them apart.
const LINEAR_MS = 3000;

describe('regular expressions from peers', () => {
  it('a catastrophic pattern validates a long value in linear time (it took 80 s at 21 characters)', () => {
    const schema = compiled({ type: 'string', pattern: EVIL });
    let verdict: unknown;
    expect(timed(() => (verdict = schema.validate(`${'a'.repeat(50_000)}!`)))).toBeLessThan(LINEAR_MS);
    expect(verdict).toMatchObject({ valid: false });
    expect(schema.validate('aaaa')).toEqual({ valid: true });
  });

  it('a catastrophic pattern in patternProperties and under anyOf/not is linear too', () => {
    const schema = compiled({
      type: 'object',
      patternProperties: { [EVIL]: { type: 'number' } },
      properties: { s: { not: { anyOf: [{ pattern: '^(a|a)*$' }] } } },
    });
    const key = `${'a'.repeat(30_000)}!`;
    let verdict: unknown;
    expect(timed(() => (verdict = schema.validate({ [key]: 'x', s: key })))).toBeLessThan(LINEAR_MS);
    expect(verdict).toEqual({ valid: true });
    expect(schema.validate({ aaa: 'x' })).toMatchObject({ valid: false });
    expect(schema.validate({ s: 'aaa' })).toMatchObject({ valid: false });
  });

  it('format "url" is linear (a 37-byte argument stalled the validator for 6.8 s)', () => {
    const schema = compiled({ type: 'string', format: 'url' });
    let verdict: unknown;
    expect(timed(() => (verdict = schema.validate(`http://${'a-'.repeat(20_000)}!`)))).toBeLessThan(
      LINEAR_MS,
    );
    expect(verdict).toMatchObject({ valid: false });
    expect(schema.validate('https://example.com/x')).toEqual({ valid: true });
  });

  it('a pattern only backtracking can match is refused when the schema is compiled, with the reason', () => {
    for (const pattern of ['(a)\\1', '(?=x)x', '\\bword']) {
      const result = compileJsonSchema({ type: 'string', pattern });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/^pattern ".*" is refused: /);
    }
    const keyed = compileJsonSchema({ patternProperties: { '(?<=a)b': true } });
    expect(keyed.ok).toBe(false);
  });

  it('an invalid pattern is refused at compile time instead of failing every value', () => {
    const result = compileJsonSchema({ type: 'string', pattern: '(' });
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not a valid regular expression'),
    });
  });

  it('the global RegExp is the built-in one again after a validation, even one that throws', () => {
    const Native = RegExp;
    const schema = compiled({ type: 'string', pattern: 'a', format: 'regex' });
    expect(schema.validate('a(')).toMatchObject({ valid: false });
    expect(schema.validate('a+')).toEqual({ valid: true });
    expect(globalThis.RegExp).toBe(Native);
    const deep = compiled({ pattern: 'a', items: { $ref: '#' } });
    let nested: unknown = 'a';
    for (let i = 0; i < 100_000; i++) nested = [nested];
    deep.validate(nested);
    expect(globalThis.RegExp).toBe(Native);
  });
});

describe('error messages', () => {
  it('error messages are clipped: a 10^6-value enum is not echoed whole', () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => `value-${i}`);
    const verdict = compiled({ type: 'object', properties: { v: { enum: values } } }).validate({
      v: 'other',
    });
    expect(verdict.valid).toBe(false);
    if (verdict.valid) return;
    // 300 characters, then an ellipsis.
    for (const error of verdict.errors) expect(error.length).toBeLessThanOrEqual(301);
    expect(verdict.errors.join('\n')).toContain('value-0');
  });
});
