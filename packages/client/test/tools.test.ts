import { readMcpHeaderAnnotations, type Tool } from '@mcpkit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../src/tools.js';

/** Schema-like JSON: keywords that hold subschemas, annotations, and noise, nested a few levels. */
const schemaLike = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('string', 'integer', 'boolean', 'null', 'Region', 'x-mcp-header', 1, true, null),
    fc.record(
      {
        type: fc.constantFrom('string', 'integer', 'boolean', 'number', ['string', 'null']),
        'x-mcp-header': fc.constantFrom('Region', 'region', 'Tenant', 'Bad Header', ''),
      },
      { requiredKeys: ['x-mcp-header'] },
    ),
    fc.record({
      properties: fc.dictionary(fc.constantFrom('region', 'city', 'items'), tie('node'), { maxKeys: 3 }),
    }),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(
      fc.constantFrom(
        'properties',
        'items',
        'allOf',
        'anyOf',
        'additionalProperties',
        '$defs',
        'not',
        'type',
        'x-mcp-header',
        'region',
        'city',
        'description',
      ),
      tie('node'),
      { maxKeys: 4 },
    ),
  ),
})).node;

function registry() {
  const warnings: string[] = [];
  return { tools: new ToolRegistry((tool, reason) => warnings.push(`${tool}: ${reason}`)), warnings };
}

describe('ToolRegistry', () => {
  it('H-23, H-24: agrees with readMcpHeaderAnnotations on any schema (the fast path skips only what the walk would not find)', () => {
    fc.assert(
      fc.property(schemaLike, (inputSchema) => {
        const tool = { name: 't', inputSchema } as unknown as Tool;
        const { tools, warnings } = registry();
        const kept = tools.accept([tool]);
        const expected = readMcpHeaderAnnotations(inputSchema);
        const verdict = tools.lookup('t')!;
        expect(verdict.ok).toBe(expected.ok);
        if (expected.ok && verdict.ok) {
          expect(verdict.headers).toEqual(expected.annotations);
          expect(kept).toEqual([tool]);
          expect(warnings).toEqual([]);
        } else if (!expected.ok && !verdict.ok) {
          expect(verdict.reason).toBe(expected.reason);
          expect(kept).toEqual([]);
          expect(warnings).toEqual([`t: ${expected.reason}`]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('finds an annotation however deep it sits, and rejects one in a place the spec does not allow', () => {
    const { tools } = registry();
    const deep = {
      type: 'object',
      properties: {
        outer: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
      },
    };
    const hidden = {
      type: 'object',
      anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }],
    };
    tools.accept([
      { name: 'deep', inputSchema: deep },
      { name: 'hidden', inputSchema: hidden },
    ] as Tool[]);
    expect(tools.lookup('deep')).toMatchObject({
      ok: true,
      headers: [{ header: 'Region', path: ['outer', 'region'], type: 'string' }],
    });
    expect(tools.lookup('hidden')).toMatchObject({ ok: false });
  });

  it('checks a tool object once: a page served again (from the cache) warns once', () => {
    const { tools, warnings } = registry();
    const bad = { name: 'bad', inputSchema: { type: 'object', 'x-mcp-header': 'Root' } } as unknown as Tool;
    const good = { name: 'good', inputSchema: { type: 'object' } } as Tool;
    expect(tools.accept([bad, good])).toEqual([good]);
    expect(tools.accept([bad, good])).toEqual([good]);
    expect(warnings).toHaveLength(1);
  });
});
