import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryTransport, serializeMessage, withSerializedResult } from '../src/index.js';

describe('serializeMessage', () => {
  it('is JSON.stringify for any value without an attached text (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(serializeMessage(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('writes a response around the text its result carries, with the same output as JSON.stringify', () => {
    const result = { resultType: 'complete', tools: [{ name: 'a', inputSchema: { type: 'object' } }] };
    withSerializedResult(result, JSON.stringify(result));
    for (const id of [1, 'x"y', 0, -7]) {
      const response = { jsonrpc: '2.0', id, result };
      expect(serializeMessage(response)).toBe(JSON.stringify(response));
    }
  });

  it('uses the text, not the object: the text is what the server computed once', () => {
    const result = withSerializedResult(
      { resultType: 'complete' },
      '{"resultType":"complete","cached":true}',
    );
    expect(JSON.parse(serializeMessage({ jsonrpc: '2.0', id: 1, result }))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', cached: true },
    });
  });

  it('the text is invisible to spreads, keys and JSON.stringify, and a copy does not carry it', () => {
    const result = withSerializedResult({ a: 1 }, '{"a":2}');
    expect(Object.keys(result)).toEqual(['a']);
    expect(JSON.stringify(result)).toBe('{"a":1}');
    expect(serializeMessage({ jsonrpc: '2.0', id: 1, result: { ...result } })).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"a":1}}',
    );
  });

  it('falls back to JSON.stringify for an envelope with other fields or another order', () => {
    const result = withSerializedResult({ a: 1 }, '{"a":2}');
    const extra = { jsonrpc: '2.0', id: 1, result, 'com.example/x': true };
    expect(serializeMessage(extra)).toBe(JSON.stringify(extra));
    const reordered = { id: 1, jsonrpc: '2.0', result };
    expect(serializeMessage(reordered)).toBe(JSON.stringify(reordered));
  });

  it('the in-memory transport copies a response through the attached text', async () => {
    const result = withSerializedResult(
      { resultType: 'complete' },
      '{"resultType":"complete","from":"text"}',
    );
    const transport = createInMemoryTransport({
      handle: (message) => ({
        async *[Symbol.asyncIterator]() {
          yield { jsonrpc: '2.0' as const, id: (message as { id: number }).id, result };
        },
      }),
    });
    const items = [];
    for await (const item of transport.exchange({ jsonrpc: '2.0', id: 5, method: 'tools/list' }, {}))
      items.push(item);
    expect(items).toEqual([{ jsonrpc: '2.0', id: 5, result: { resultType: 'complete', from: 'text' } }]);
    await transport.close();
  });
});
