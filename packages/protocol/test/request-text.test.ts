import { describe, expect, it, vi } from 'vitest';
import { ConstantMeta, MetaKey, methodInfos, requestMeta, requestText } from '../src/internal.js';

const info = { name: 'app', version: '1.0.0' };
const capabilities = { roots: {}, experimental: { x: { deep: [1, 'two'] } } };

function constant(): ConstantMeta {
  return new ConstantMeta(
    requestMeta({ protocolVersion: '2026-07-28', clientCapabilities: capabilities, clientInfo: info }),
  );
}

/** A request as the client builds it: params copied, then a copy of the constant `_meta` last. */
function request(params: Record<string, unknown>, meta = constant()) {
  const withMeta: Record<string, unknown> = Object.assign({}, params);
  withMeta._meta = meta.copy();
  return { jsonrpc: '2.0' as const, id: 7, method: 'tools/call', params: withMeta };
}

/**
 * A constant whose cached text is not its meta's JSON: where `requestText` writes it, the text
 * shows it, so a test sees whether the cache was used.
 */
function telltale(): ConstantMeta {
  const meta = constant();
  Object.defineProperty(meta, 'json', { value: '{"cached":true}' });
  return meta;
}

describe('requestText', () => {
  it.each([
    ['with arguments', { name: 'echo', arguments: { text: 'héllo "x"', n: [1, null, { a: true }] } }],
    ['with _meta alone', {}],
    ['with a cursor', { cursor: 'c1' }],
  ])('writes what JSON.stringify writes, %s', (_, params) => {
    const sent = request(params);
    expect(requestText(sent)).toBe(JSON.stringify(sent));
    expect(JSON.parse(requestText(sent))).toEqual(sent);
  });

  it('writes the constant _meta from its cached text', () => {
    const sent = request({ name: 'echo' }, telltale());
    expect(requestText(sent)).toBe(
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","_meta":{"cached":true}}}',
    );
    expect(requestText(request({}, telltale()))).toBe(
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"cached":true}}}',
    );
  });

  it('writes the frozen meta itself, as a request without send hooks carries it, from its cached text', () => {
    const meta = telltale();
    const sent = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', _meta: meta.meta } };
    expect(requestText(sent)).toBe(
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","_meta":{"cached":true}}}',
    );
    const plain = { ...sent, params: { name: 'echo', _meta: constant().meta } };
    expect(requestText(plain)).toBe(JSON.stringify(plain));
  });

  it('writes the head of a request itself, without JSON.stringify over the request, in the same bytes', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (const id of [0, -5, Number.MAX_SAFE_INTEGER, 'a"b\\c', 'é\u2028', '']) {
        for (const method of ['tools/call', 'we"ird\u2028/é']) {
          const sent = { ...request({ name: 'echo' }), id, method };
          const text = requestText(sent);
          expect(stringify.mock.calls.some(([value]) => value === sent)).toBe(false);
          stringify.mockClear();
          expect(text).toBe(JSON.stringify(sent));
        }
      }
    } finally {
      stringify.mockRestore();
    }
  });

  it('writes the method of every request MCP defines without JSON.stringify, in the same bytes', () => {
    for (const method of Object.keys(methodInfos)) {
      const sent = { ...request({ name: 'echo' }), method };
      const stringify = vi.spyOn(JSON, 'stringify');
      let text: string;
      try {
        text = requestText(sent);
        expect(stringify.mock.calls.some(([value]) => value === method)).toBe(false);
      } finally {
        stringify.mockRestore();
      }
      expect(text).toBe(JSON.stringify(sent));
    }
  });

  it.each([
    ['an id that is not a safe integer', { id: 2 ** 60 }],
    ['a fractional id', { id: 1.5 }],
    ['a NaN id', { id: Number.NaN }],
    ['a null id', { id: null }],
    ['another jsonrpc', { jsonrpc: '1.0' }],
    ['a method that is not a string', { method: 7 }],
  ])('writes the head through JSON.stringify for %s, and still the cached _meta', (_, change) => {
    const sent = { ...request({ name: 'echo' }, telltale()), ...change };
    const expected = JSON.stringify({ ...sent, params: { name: 'echo', _meta: { cached: true } } });
    expect(requestText(sent)).toBe(expected);
  });

  it('writes the head through JSON.stringify for a request with other keys before params', () => {
    const { params, ...head } = request({ name: 'echo' }, telltale());
    const sent = { ...head, extra: 1, params };
    expect(requestText(sent)).toBe(
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","extra":1,"params":{"name":"echo","_meta":{"cached":true}}}',
    );
  });

  it('serializes the rest afresh: id, method and params changed in place are sent', () => {
    const sent = request({ name: 'echo', arguments: { a: 1 } }, telltale());
    sent.id = 8;
    sent.method = 'tools/other';
    (sent.params.arguments as Record<string, unknown>).a = 2;
    sent.params.name = 'renamed';
    expect(requestText(sent)).toBe(
      '{"jsonrpc":"2.0","id":8,"method":"tools/other","params":{"name":"renamed","arguments":{"a":2},"_meta":{"cached":true}}}',
    );
  });

  const changes: [string, (sent: ReturnType<typeof request>) => unknown][] = [
    ['a key added to _meta', (sent) => ((sent.params._meta as Record<string, unknown>).traceparent = 'tp')],
    [
      'a value of _meta replaced',
      (sent) => ((sent.params._meta as Record<string, unknown>)[MetaKey.protocolVersion] = 'x'),
    ],
    [
      'a key deleted from _meta',
      (sent) => delete (sent.params._meta as Record<string, unknown>)[MetaKey.clientInfo],
    ],
    [
      'a key of _meta moved last',
      (sent) => {
        const meta = sent.params._meta as Record<string, unknown>;
        const version = meta[MetaKey.protocolVersion];
        delete meta[MetaKey.protocolVersion];
        meta[MetaKey.protocolVersion] = version;
      },
    ],
    ['_meta replaced', (sent) => (sent.params._meta = { other: 1 })],
    [
      '_meta replaced by an equal-looking copy with one more key',
      (sent) => (sent.params._meta = { ...(sent.params._meta as object), k: 1 }),
    ],
    ['_meta given a toJSON', (sent) => Object.setPrototypeOf(sent.params._meta, { toJSON: () => 'x' })],
    ['_meta no longer an object', (sent) => (sent.params._meta = 'text')],
    ['a key added to params after _meta', (sent) => (sent.params.extra = 1)],
    [
      'a params key moved after _meta',
      (sent) => {
        const { name } = sent.params;
        delete sent.params.name;
        sent.params.name = name;
      },
    ],
    ['params given a toJSON', (sent) => (sent.params.toJSON = () => ({ replaced: true }))],
    [
      'params replaced by a copy (as OpenTelemetry does)',
      (sent) => (sent.params = { ...sent.params, _meta: { t: 1 } }),
    ],
    ['a key added to the request after params', (sent) => ((sent as Record<string, unknown>).extra = 1)],
    [
      'the request given a toJSON',
      (sent) => ((sent as Record<string, unknown>).toJSON = () => ({ replaced: true })),
    ],
  ];
  it.each(changes)('serializes the request whole after %s', (_, change) => {
    const sent = request({ name: 'echo' }, telltale());
    change(sent);
    expect(requestText(sent)).toBe(JSON.stringify(sent));
  });

  it('makes the constant _meta deep-frozen copies, so its text cannot go stale', () => {
    const meta = constant();
    const copy = request({}, meta).params._meta as Record<string, Record<string, unknown>>;
    expect(copy[MetaKey.clientInfo]).toEqual(info);
    expect(copy[MetaKey.clientInfo]).not.toBe(info);
    expect(() => {
      copy[MetaKey.clientInfo]!.name = 'other';
    }).toThrow(TypeError);
    expect(() => {
      (copy[MetaKey.clientCapabilities]!.experimental as { x: { deep: unknown[] } }).x.deep.push(3);
    }).toThrow(TypeError);
    info.name = 'changed later';
    try {
      expect(meta.json).toBe(JSON.stringify(copy));
      expect(meta.json).toContain('"name":"app"');
    } finally {
      info.name = 'app';
    }
  });

  it('throws what JSON.stringify throws, and leaves params as they were', () => {
    const sent = request({ big: 1n });
    expect(() => requestText(sent)).toThrow(TypeError);
    expect(sent.params._meta).toBeTypeOf('object');
    const frozen = request({ name: 'echo' });
    Object.freeze(frozen.params);
    expect(requestText(frozen)).toBe(JSON.stringify(frozen));
  });

  it('serializes whole a _meta of equal text whose values are not the constant ones', () => {
    const meta = telltale();
    const sent = request({ name: 'echo' }, meta);
    sent.params._meta = JSON.parse(JSON.stringify(sent.params._meta));
    expect(requestText(sent)).toBe(JSON.stringify(sent));
    sent.params._meta = { ...meta.meta, [MetaKey.clientInfo]: { ...info } };
    expect(requestText(sent)).toBe(JSON.stringify(sent));
  });

  it('serializes any other message whole', () => {
    const notification = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } };
    expect(requestText(notification)).toBe(JSON.stringify(notification));
    const unmarked = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect(requestText(unmarked)).toBe(JSON.stringify(unmarked));
  });
});
