import { describe, expect, it } from 'vitest';
import { decodeAs, type WireTypeName, wireSchemas } from '../src/index.js';
import { loadExample, loadExamples } from './helpers/fixtures.js';

const examples = loadExamples();

describe('spec examples', () => {
  it('has all 129 example files in 88 type folders', () => {
    expect(examples).toHaveLength(129);
    expect(new Set(examples.map((e) => e.type)).size).toBe(88);
  });

  it.each(examples.map((e) => [`${e.type}/${e.file}`, e] as const))(
    '%s decodes and re-encodes unchanged',
    (_, e) => {
      expect(Object.hasOwn(wireSchemas, e.type)).toBe(true);
      const decoded = decodeAs(e.type as WireTypeName, e.value);
      if (!decoded.ok) throw decoded.error;
      if (e.type === 'ReadResourceResultResponse' && e.file === 'read-resource-result-response.json') return;
      expect(JSON.parse(JSON.stringify(decoded.value))).toEqual(JSON.parse(e.text));
    },
  );

  it('C-32: a cacheable complete result without ttlMs/cacheScope reads as 0/"private"', () => {
    const e = loadExample('ReadResourceResultResponse', 'read-resource-result-response.json');
    const original = e.value as { result: Record<string, unknown> };
    expect(original.result.ttlMs).toBeUndefined();
    const decoded = decodeAs('ReadResourceResultResponse', e.value);
    if (!decoded.ok) throw decoded.error;
    const result = (decoded.value as { result: Record<string, unknown> }).result;
    expect(result.ttlMs).toBe(0);
    expect(result.cacheScope).toBe('private');
    expect(result.contents).toEqual(original.result.contents);
    expect(original.result.ttlMs).toBeUndefined();
  });

  it('keeps unknown fields: the stray id in ListRootsRequest survives decoding (Q-10)', () => {
    const e = loadExample('ListRootsRequest', 'list-roots-request.json');
    expect((e.value as { id?: unknown }).id).toBeDefined();
    const decoded = decodeAs('ListRootsRequest', e.value);
    if (!decoded.ok) throw decoded.error;
    expect((decoded.value as { id?: unknown }).id).toEqual((e.value as { id?: unknown }).id);
  });
});

describe('tool definitions', () => {
  it('P-84: a tool inputSchema must be an object schema whose root type is "object"', () => {
    const tool = { name: 't', inputSchema: { type: 'object' } };
    expect(decodeAs('Tool', tool).ok).toBe(true);
    expect(decodeAs('Tool', { ...tool, inputSchema: { type: 'string' } }).ok).toBe(false);
    expect(decodeAs('Tool', { ...tool, inputSchema: null }).ok).toBe(false);
    expect(decodeAs('Tool', { name: 't' }).ok).toBe(false);
  });

  it('P-86: any 2020-12 keyword may sit beside type: "object" and is kept', () => {
    const inputSchema = {
      type: 'object',
      $defs: { a: { type: 'string' } },
      oneOf: [{ required: ['a'] }],
      $anchor: 'root',
    };
    const decoded = decodeAs('Tool', { name: 't', inputSchema });
    expect(decoded.ok && decoded.value.inputSchema).toEqual(inputSchema);
  });
});
