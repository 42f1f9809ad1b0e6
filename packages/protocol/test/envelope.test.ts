import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage, ErrorCode, parseJson } from '../src/index.js';
import { isRecord } from '../src/internal.js';

function decodeText(text: string) {
  const parsed = parseJson(text);
  return parsed.ok ? decodeMessage(parsed.value) : { ok: false as const, error: parsed.error };
}

describe('parseJson', () => {
  it('-32700 for text that is not JSON', () => {
    const result = parseJson('{"jsonrpc": "2.0",');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe(ErrorCode.ParseError);
  });

  it('P-2: -32700 for bytes that are not UTF-8', () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const result = parseJson(bytes);
    expect(!result.ok && result.error.code).toBe(ErrorCode.ParseError);
    expect(!result.ok && result.error.message).toMatch(/UTF-8/);
  });

  it('reads UTF-8 bytes', () => {
    const result = parseJson(new TextEncoder().encode('{"text":"Grüße"}'));
    expect(result.ok && result.value).toEqual({ text: 'Grüße' });
  });
});

describe('isRecord', () => {
  it('is true for objects only: not null, arrays or primitives', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const value of [null, undefined, [], [1], 'x', 1, true]) expect(isRecord(value)).toBe(false);
  });
});

describe('decodeMessage', () => {
  it('sorts requests, notifications, results and errors', () => {
    expect(decodeText('{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}')).toMatchObject({
      ok: true,
      kind: 'request',
    });
    expect(
      decodeText('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}'),
    ).toMatchObject({
      ok: true,
      kind: 'notification',
    });
    expect(decodeText('{"jsonrpc":"2.0","id":"a","result":{"resultType":"complete"}}')).toMatchObject({
      ok: true,
      kind: 'response',
    });
    expect(decodeText('{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"no"}}')).toMatchObject({
      ok: true,
      kind: 'error',
    });
    expect(decodeText('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}')).toMatchObject({
      ok: true,
      kind: 'error',
    });
  });

  it('P-9: a message with an id is a request, never a notification', () => {
    expect(
      decodeMessage({ jsonrpc: '2.0', id: 0, method: 'notifications/cancelled', params: {} }),
    ).toMatchObject({
      kind: 'request',
    });
    expect(decodeMessage({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} })).toMatchObject({
      kind: 'notification',
    });
  });

  it('P-32: values at unknown reserved _meta keys are not interpreted', () => {
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/somethingNew': { any: ['shape'] } } },
    };
    expect(decodeMessage(message)).toMatchObject({ ok: true, kind: 'request' });
  });

  it('does not copy the message and keeps unknown fields', () => {
    const message = { jsonrpc: '2.0', id: 7, method: 'x/y', params: { a: 1 }, extra: { kept: true } };
    const decoded = decodeMessage(message);
    expect(decoded.ok && decoded.message).toBe(message);
  });

  const invalid: [string, string, RegExp][] = [
    ['P-4: a null id', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', /null/],
    ['P-3: a fractional id', '{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', /integer/],
    ['P-3: a boolean id', '{"jsonrpc":"2.0","id":true,"method":"tools/list"}', /string or an integer/],
    ['P-3: an object id', '{"jsonrpc":"2.0","id":{},"method":"tools/list"}', /string or an integer/],
    ['P-1: a missing jsonrpc', '{"id":1,"method":"tools/list"}', /jsonrpc/],
    ['P-1: a wrong jsonrpc', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', /jsonrpc/],
    ['P-10: a batch', '[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]', /batch/],
    ['a bare string', '"hello"', /object/],
    ['null', 'null', /object/],
    ['a numeric method', '{"jsonrpc":"2.0","id":1,"method":5}', /method/],
    ['array params', '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[1]}', /params/],
    ['a request with a result', '{"jsonrpc":"2.0","id":1,"method":"x","result":{}}', /result or error/],
    [
      'both result and error',
      '{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}',
      /both/,
    ],
    ['P-6: a result without id', '{"jsonrpc":"2.0","result":{}}', /id/],
    ['a non-object result', '{"jsonrpc":"2.0","id":1,"result":5}', /object/],
    ['P-7: an error without a code', '{"jsonrpc":"2.0","id":1,"error":{"message":"m"}}', /code/],
    ['P-7: a fractional error code', '{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}', /code/],
    ['nothing recognisable', '{"jsonrpc":"2.0","id":1}', /not a request/],
  ];

  it.each(invalid)('-32600 for %s', (_, text, reason) => {
    const decoded = decodeText(text);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.error.code).toBe(ErrorCode.InvalidRequest);
    expect(decoded.error.message).toMatch(reason);
  });

  it('P-7: returns the id of an invalid message when it can be read', () => {
    const decoded = decodeText('{"jsonrpc":"2.0","id":"req-9","method":"x","params":"oops"}');
    expect(!decoded.ok && 'id' in decoded && decoded.id).toBe('req-9');
    const unreadable = decodeText('{"jsonrpc":"2.0","id":null,"method":"x"}');
    expect(!unreadable.ok && 'id' in unreadable).toBe(false);
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (bytes) => {
        const parsed = parseJson(bytes);
        if (parsed.ok) decodeMessage(parsed.value);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on random JSON, and fails only with -32600', () => {
    const envelopeLike = fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
        id: fc.jsonValue(),
        method: fc.oneof(fc.string(), fc.jsonValue()),
        params: fc.jsonValue(),
        result: fc.jsonValue(),
        error: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), envelopeLike), (value) => {
        const decoded = decodeMessage(value);
        if (!decoded.ok) expect(decoded.error.code).toBe(ErrorCode.InvalidRequest);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('never throws on random text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        decodeText(text);
      }),
      { numRuns: 2000 },
    );
  });
});
