import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/v4/mini';
import { compileCheck } from '../src/check.js';
import {
  CallToolResultSchema,
  DiscoverResultSchema,
  decodeResult,
  ListToolsResultSchema,
} from '../src/index.js';
import { applyResultDefaults, decodeResultWithoutSchemas } from '../src/read-result.js';
import { isCallToolResult, isDiscoverResult, isListToolsResult } from '../src/result-shapes.js';
import { loadExamples } from './helpers/fixtures.js';
import { leaf, mutated } from './helpers/mutations.js';

// The client reads the results of server/discover, tools/list and tools/call with hand-written
// checks, so a minimal client loads no zod. They must accept exactly what the zod schemas accept:
// a check that accepted more would hand a malformed result to the user; one that accepted less
// would load the schemas for a valid result (and still decide right, more slowly). Values are the
// spec's examples, changed in up to three places, and generated shapes.

const RUNS = 4000;
const examples = loadExamples();
const examplesOf = (type: string) => examples.filter((e) => e.type === type).map((e) => e.value);
const resultsOf = (type: string) =>
  examplesOf(type)
    .map((response) => (response as { result?: unknown }).result)
    .filter((result) => result !== undefined);

const contentSeeds = [
  'TextContent',
  'ImageContent',
  'AudioContent',
  'ResourceLink',
  'EmbeddedResource',
].flatMap(examplesOf);
const toolSeeds = examplesOf('Tool');

const seeds = {
  'server/discover': [...examplesOf('DiscoverResult'), ...resultsOf('DiscoverResultResponse')],
  'tools/list': [
    ...examplesOf('ListToolsResult'),
    ...resultsOf('ListToolsResultResponse'),
    { resultType: 'complete', ttlMs: 0, cacheScope: 'public', tools: toolSeeds },
  ],
  'tools/call': [
    ...examplesOf('CallToolResult'),
    ...resultsOf('CallToolResultResponse'),
    { resultType: 'complete', content: contentSeeds, isError: false },
  ],
} as const;

/** Mostly the shape, sometimes anything. */
const either = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 9 }, { arbitrary: leaf, weight: 1 });

const annotations = either(
  fc.record(
    {
      audience: either(fc.array(either(fc.constantFrom('user', 'assistant', 'model')), { maxLength: 2 })),
      priority: either(fc.oneof(fc.double({ min: -1, max: 2 }), fc.constantFrom(0, 1))),
      lastModified: either(fc.string()),
    },
    { requiredKeys: [] },
  ),
);
const block = either(
  fc.record(
    {
      type: either(fc.constantFrom('text', 'image', 'audio', 'resource_link', 'resource', 'tool_use')),
      text: either(fc.string()),
      data: either(fc.string()),
      mimeType: either(fc.string()),
      uri: either(fc.string()),
      name: either(fc.string()),
      size: either(fc.oneof(fc.integer(), fc.double())),
      resource: either(
        fc.record(
          { uri: either(fc.string()), text: either(fc.string()), blob: either(fc.string()), _meta: leaf },
          { requiredKeys: [] },
        ),
      ),
      annotations,
      _meta: either(fc.dictionary(fc.string({ maxLength: 2 }), leaf, { maxKeys: 2 })),
    },
    { requiredKeys: ['type'] },
  ),
);
const generatedCallResult = fc.record(
  {
    resultType: either(fc.constant('complete')),
    content: either(fc.array(block, { maxLength: 3 })),
    structuredContent: leaf,
    isError: either(fc.boolean()),
  },
  { requiredKeys: ['content'] },
);
const tool = either(
  fc.record(
    {
      name: either(fc.string()),
      description: either(fc.string()),
      inputSchema: either(
        fc.record(
          { type: either(fc.constantFrom('object', 'array')), $schema: either(fc.string()) },
          { requiredKeys: [] },
        ),
      ),
      outputSchema: either(fc.record({ $schema: either(fc.string()) }, { requiredKeys: [] })),
      annotations: either(
        fc.record({ title: either(fc.string()), readOnlyHint: either(fc.boolean()) }, { requiredKeys: [] }),
      ),
      icons: either(fc.array(either(fc.record({ src: either(fc.string()) })), { maxLength: 2 })),
    },
    { requiredKeys: [] },
  ),
);
const generatedListResult = fc.record(
  {
    ttlMs: either(fc.oneof(fc.nat(), fc.double())),
    cacheScope: either(fc.constantFrom('public', 'private', 'shared')),
    nextCursor: either(fc.string()),
    tools: either(fc.array(tool, { maxLength: 3 })),
  },
  { requiredKeys: ['tools'] },
);
const capabilityFlags = either(fc.record({ listChanged: either(fc.boolean()) }, { requiredKeys: [] }));
const generatedDiscoverResult = fc.record(
  {
    supportedVersions: either(fc.array(either(fc.string()), { maxLength: 2 })),
    capabilities: either(
      fc.record(
        {
          tools: capabilityFlags,
          prompts: capabilityFlags,
          resources: either(
            fc.record(
              { subscribe: either(fc.boolean()), listChanged: either(fc.boolean()) },
              { requiredKeys: [] },
            ),
          ),
          logging: either(fc.dictionary(fc.string({ maxLength: 2 }), leaf, { maxKeys: 2 })),
          extensions: either(fc.dictionary(fc.string({ maxLength: 2 }), leaf, { maxKeys: 2 })),
        },
        { requiredKeys: [] },
      ),
    ),
    instructions: either(fc.string()),
    _meta: either(
      fc.record(
        {
          'io.modelcontextprotocol/serverInfo': either(
            fc.record({ name: either(fc.string()), version: either(fc.string()) }, { requiredKeys: [] }),
          ),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['capabilities'] },
);

const cases = [
  ['server/discover', isDiscoverResult, DiscoverResultSchema, generatedDiscoverResult, true],
  ['tools/list', isListToolsResult, ListToolsResultSchema, generatedListResult, true],
  ['tools/call', isCallToolResult, CallToolResultSchema, generatedCallResult, false],
] as const;

describe('the client-side result checks accept exactly what the schemas accept', () => {
  it.each(cases)('%s: the spec examples are valid', (method, check, schema) => {
    expect(seeds[method].length).toBeGreaterThan(0);
    for (const seed of seeds[method]) {
      const value = applyResultDefaults(seed as Record<string, unknown>, method !== 'tools/call');
      expect(compileCheck(schema)(value)).toBe(true);
      expect(check(value)).toBe(true);
    }
  });

  it.each(cases)(
    '%s: same verdict on mutated and generated results',
    (method, check, schema, generated, cacheable) => {
      const reference = compileCheck(schema);
      const zodVerdict = (value: unknown) => (schema as z.ZodMiniType).safeParse(value).success;
      const values = fc.oneof(mutated(seeds[method]), generated);
      let accepted = 0;
      let rejected = 0;
      fc.assert(
        fc.property(values, (raw) => {
          // The checks run after the receiver's defaults (P-17, C-32), as in decodeResult.
          const value =
            typeof raw === 'object' && raw !== null && !Array.isArray(raw)
              ? applyResultDefaults(raw as Record<string, unknown>, cacheable)
              : raw;
          const verdict = check(value);
          expect(verdict).toBe(reference(value));
          expect(verdict).toBe(zodVerdict(value));
          if (verdict) accepted++;
          else rejected++;
        }),
        { numRuns: RUNS },
      );
      // Both verdicts must be common, or the comparison proves little.
      expect(accepted).toBeGreaterThan(RUNS / 10);
      expect(rejected).toBeGreaterThan(RUNS / 10);
    },
  );

  it('a value nested past the stack matches neither', () => {
    let deep: unknown = {};
    for (let i = 0; i < 200_000; i++) deep = { x: deep };
    const value = { resultType: 'complete', content: [{ type: 'text', text: 'x', _meta: { deep } }] };
    const nested = { ...value, content: [{ type: 'text', text: 'x', annotations: { audience: [deep] } }] };
    for (const candidate of [value, nested]) {
      expect(isCallToolResult(candidate)).toBe(compileCheck(CallToolResultSchema)(candidate));
    }
  });
});

describe('decodeResultWithoutSchemas', () => {
  it.each(cases)(
    '%s: a verdict it gives is the one decodeResult gives',
    (method, _check, _schema, generated) => {
      let decided = 0;
      fc.assert(
        fc.property(fc.oneof(mutated(seeds[method]), generated, leaf), (value) => {
          const quick = decodeResultWithoutSchemas(method, value);
          if (quick === undefined) return;
          decided++;
          const full = decodeResult(method, value);
          expect(quick.ok).toBe(full.ok);
          if (quick.ok && full.ok) expect(quick.value).toEqual(full.value);
          else if (!quick.ok && !full.ok) expect(quick.error.message).toBe(full.error.message);
        }),
        { numRuns: RUNS },
      );
      expect(decided).toBeGreaterThan(RUNS / 10);
    },
  );

  it('P-13, P-16, C-16: leaves no rule of the receiver to the schemas', () => {
    expect(decodeResultWithoutSchemas('tools/call', [])).toMatchObject({ ok: false, rule: 'P-13' });
    expect(decodeResultWithoutSchemas('tools/call', { resultType: 7, content: [] })).toMatchObject({
      ok: false,
      rule: 'P-13',
    });
    expect(decodeResultWithoutSchemas('tools/call', { resultType: 'nope', content: [] })).toMatchObject({
      ok: false,
      rule: 'P-16',
    });
    expect(decodeResultWithoutSchemas('tools/list', { resultType: 'input_required' })).toMatchObject({
      ok: false,
      rule: 'C-16',
    });
    const task = { resultType: 'task', task: {} };
    expect(decodeResultWithoutSchemas('tools/call', task, { extensionResultTypes: ['task'] })).toEqual({
      ok: true,
      value: task,
    });
  });

  it('leaves an invalid complete result, an input_required round and rarer methods to the schemas', () => {
    expect(decodeResultWithoutSchemas('tools/call', { content: [{ type: 'text' }] })).toBeUndefined();
    expect(
      decodeResultWithoutSchemas('tools/call', { resultType: 'input_required', requestState: 's' }),
    ).toBeUndefined();
    expect(decodeResultWithoutSchemas('prompts/list', { prompts: [] })).toBeUndefined();
    // The error then is the schema's, naming the first failing path, as before.
    const decoded = decodeResult('tools/call', { content: [{ type: 'text' }] });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error.message).toMatch(/^Invalid result\.content\[0\]/);
  });

  it('P-17, C-32: applies the receiver defaults to what it accepts', () => {
    expect(
      decodeResultWithoutSchemas('server/discover', { supportedVersions: [], capabilities: {} }),
    ).toEqual({
      ok: true,
      value: {
        resultType: 'complete',
        supportedVersions: [],
        capabilities: {},
        ttlMs: 0,
        cacheScope: 'private',
      },
    });
  });
});
