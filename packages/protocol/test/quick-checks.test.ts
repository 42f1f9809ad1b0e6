import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCheck } from '../src/check.js';
import { surelyCallToolResult, surelyValidParams } from '../src/quick-checks.js';
import { loadSchemas } from '../src/schema-loader.js';
import { CallToolResultSchema, paramsCheck } from '../src/schema-set.js';

// The quick checks vouch for a value only when the schema accepts it; "not sure" sends the value to
// the schema, so a quick check may decline a valid value but must never pass an invalid one.

const RUNS = 3000;
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(undefined, Number.NaN, 1.5, [], {}, { type: 'text', text: 'x' }),
);
const either = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 9 }, { arbitrary: leaf, weight: 1 });
const meta = either(
  fc.record(
    {
      'io.modelcontextprotocol/serverInfo': either(
        fc.record({ name: either(fc.string()), version: either(fc.string()) }),
      ),
    },
    { requiredKeys: [] },
  ),
);

const params = fc.record(
  {
    name: either(fc.string()),
    arguments: either(fc.dictionary(fc.string({ maxLength: 2 }), leaf, { maxKeys: 2 })),
    inputResponses: leaf,
    requestState: either(fc.string()),
    cursor: either(fc.string()),
    uri: leaf,
  },
  { requiredKeys: [] },
);

const block = either(
  fc.record(
    {
      type: either(fc.constantFrom('text', 'image', 'resource_link')),
      text: either(fc.string()),
      annotations: leaf,
      _meta: either(fc.dictionary(fc.string({ maxLength: 2 }), leaf, { maxKeys: 1 })),
    },
    { requiredKeys: ['type'] },
  ),
);
const result = either(
  fc.record(
    {
      resultType: either(fc.constantFrom('complete', 'input_required')),
      _meta: meta,
      content: either(fc.array(block, { maxLength: 3 })),
      structuredContent: leaf,
      isError: either(fc.boolean()),
    },
    { requiredKeys: ['resultType', 'content'] },
  ),
);

describe('quick checks only vouch for values the schemas accept', () => {
  it.each(['server/discover', 'tools/list', 'tools/call', 'prompts/get'] as const)(
    'params of %s',
    (method) => {
      const check = paramsCheck(method);
      let vouched = 0;
      fc.assert(
        fc.property(params, (value) => {
          if (!surelyValidParams(method, value)) return;
          vouched++;
          expect(check(value)).toBe(true);
        }),
        { numRuns: RUNS },
      );
      if (method !== 'prompts/get') expect(vouched).toBeGreaterThan(0);
    },
  );

  it('a plain tools/call is vouched for without its schema', () => {
    expect(surelyValidParams('tools/call', { name: 'echo', arguments: { text: 'hi' }, _meta: {} })).toBe(
      true,
    );
    expect(surelyValidParams('tools/call', { name: 'echo', inputResponses: {} })).toBe(false);
    expect(surelyValidParams('tools/call', { name: 1 })).toBe(false);
  });

  it('CallToolResult', () => {
    const check = compileCheck(CallToolResultSchema);
    let vouched = 0;
    fc.assert(
      fc.property(result, (value) => {
        if (!surelyCallToolResult(value)) return;
        vouched++;
        expect(check(value)).toBe(true);
      }),
      { numRuns: RUNS },
    );
    expect(vouched).toBeGreaterThan(0);
  });

  it('a text result is vouched for; anything else is left to the schema', () => {
    expect(surelyCallToolResult({ resultType: 'complete', content: [{ type: 'text', text: 'hi' }] })).toBe(
      true,
    );
    const image = { type: 'image', data: 'AAAA', mimeType: 'image/png' };
    expect(surelyCallToolResult({ resultType: 'complete', content: [image] })).toBe(false);
  });

  it('loadSchemas loads the schema set once', async () => {
    const first = loadSchemas();
    expect(loadSchemas()).toBe(first);
    expect((await first).CallToolResultSchema).toBe(CallToolResultSchema);
  });
});
