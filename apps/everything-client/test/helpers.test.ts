import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoAnswerHandlers, fieldValue } from '../src/auto-answer.js';
import { planScenario, UnsupportedScenarioError } from '../src/run-scenario.js';
import { sampleArguments } from '../src/sample-arguments.js';

describe('sampleArguments', () => {
  it('fills each required property from its default, const, enum or type, and nothing else', () => {
    expect(
      sampleArguments({
        type: 'object',
        properties: {
          region: { type: 'string' },
          count: { type: 'integer', minimum: 2 },
          level: { type: 'string', enum: ['low', 'high'] },
          fixed: { const: 7 },
          flag: { type: 'boolean', default: true },
          nested: { type: 'object', properties: { inner: { type: 'number' } }, required: ['inner'] },
          optional: { type: 'string' },
        },
        required: ['region', 'count', 'level', 'fixed', 'flag', 'nested'],
      }),
    ).toEqual({ region: 'example', count: 2, level: 'low', fixed: 7, flag: true, nested: { inner: 0 } });
    expect(sampleArguments({ type: 'object' })).toEqual({});
  });
});

describe('autoAnswerHandlers', () => {
  it('C-44: accepts a form with a value that fits every field', async () => {
    const form = autoAnswerHandlers().elicitation!.form!;
    const answer = await form(
      {
        mode: 'form',
        message: 'Tell me',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            email: { type: 'string', format: 'email' },
            ok: { type: 'boolean' },
            age: { type: 'integer', minimum: 18 },
            size: { type: 'string', enum: ['S', 'M'] },
            color: { type: 'string', oneOf: [{ const: 'red', title: 'Red' }] },
            tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
            note: { type: 'string', default: 'none' },
          },
        },
      },
      { signal: new AbortController().signal, method: 'tools/call', params: {}, key: 'k', round: 1 },
    );
    expect(answer).toEqual({
      action: 'accept',
      content: {
        name: 'example name',
        email: 'user@example.com',
        ok: true,
        age: 18,
        size: 'S',
        color: 'red',
        tags: ['a'],
        note: 'none',
      },
    });
  });

  it('C-46: never consents to a URL on its own', async () => {
    const url = autoAnswerHandlers().elicitation!.url!;
    const context = {
      signal: new AbortController().signal,
      method: 'tools/call' as const,
      params: {},
      key: 'k',
      round: 1,
    };
    expect(await url({ mode: 'url', message: 'Sign in', url: 'https://example.com' }, context)).toEqual({
      action: 'decline',
    });
  });

  it('gives multi-select fields a list', () => {
    expect(fieldValue('x', { type: 'array', items: { anyOf: [{ const: 'one', title: 'One' }] } })).toEqual([
      'one',
    ]);
  });
});

describe('planScenario', () => {
  const base = {
    url: 'http://127.0.0.1:1/mcp',
    scenario: 'tools_call',
    protocolVersion: '2026-07-28',
    context: undefined,
  };

  it('accepts a known scenario and parses its context', () => {
    expect(planScenario({ ...base, context: '{"toolCalls":[]}' })).toEqual({
      url: base.url,
      name: 'tools_call',
      protocolVersion: '2026-07-28',
      context: { toolCalls: [] },
    });
  });

  it('C-56: plays a 2025-era protocol version, which the client reaches by falling back', () => {
    expect(planScenario({ ...base, protocolVersion: '2025-11-25' }).protocolVersion).toBe('2025-11-25');
  });

  it('refuses what it cannot play before anything is sent', () => {
    for (const invocation of [
      { ...base, scenario: undefined },
      { ...base, scenario: 'auth/2025-03-26-oauth-metadata-backcompat' },
      { ...base, scenario: 'toString' },
      { ...base, protocolVersion: '2024-01-01' },
      { ...base, url: undefined },
      { ...base, url: 'tools_call' },
      { ...base, context: '{' },
      { ...base, context: '[1]' },
    ]) {
      expect(() => planScenario(invocation)).toThrow(UnsupportedScenarioError);
    }
  });
});

describe('fuzzing the parsers', () => {
  it('sampleArguments returns a plain object for any JSON, with exactly the required string names', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.string()), (properties, required) => {
        const args = sampleArguments({ type: 'object', properties, required });
        expect(Object.keys(args).sort()).toEqual([...new Set(required)].sort());
        expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (schema) => void sampleArguments(schema)),
    );
  });

  it('planScenario either plans or refuses with UnsupportedScenarioError, whatever it is given', () => {
    const maybe = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: undefined });
    fc.assert(
      fc.property(
        maybe(fc.oneof(fc.webUrl(), fc.string())),
        maybe(fc.oneof(fc.constantFrom('tools_call', 'auth/x', '__proto__', 'constructor'), fc.string())),
        maybe(fc.oneof(fc.constant('2026-07-28'), fc.string())),
        maybe(fc.oneof(fc.json(), fc.string())),
        (url, scenario, protocolVersion, context) => {
          try {
            const plan = planScenario({ url, scenario, protocolVersion, context });
            expect(plan.name).toBe(scenario);
            expect(typeof plan.context).toBe('object');
          } catch (error) {
            expect(error).toBeInstanceOf(UnsupportedScenarioError);
          }
        },
      ),
    );
  });
});
