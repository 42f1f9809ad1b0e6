import { describe, expect, it, vi } from 'vitest';
import {
  invalidMetaKeys,
  isReservedMetaKey,
  isValidExtensionId,
  isValidMetaKey,
  isValidTraceparent,
  isValidTracestate,
  McpError,
  MetaKey,
  readRequestMeta,
  readTraceContext,
  requestMeta,
  subscriptionIdOf,
} from '../src/index.js';

describe('_meta key grammar', () => {
  it.each([
    'progressToken',
    'io.modelcontextprotocol/protocolVersion',
    'com.example/trace-id',
    'com.example/a',
    'a.b-c.d9/x_y.z-1',
    'com.example/',
    'x',
    '9lives',
  ])('P-28/P-31: %s is valid', (key) => {
    expect(isValidMetaKey(key)).toBe(true);
  });

  it.each([
    ['a label starting with a digit', '9com.example/x'],
    ['a label ending with a hyphen', 'com-/x'],
    ['an empty label', 'com..example/x'],
    ['a name starting with a hyphen', 'com.example/-x'],
    ['a name ending with a dot', 'com.example/x.'],
    ['a space', 'com.example/a b'],
    ['two slashes', 'com/example/x'],
    ['a bare slash', '/x'],
    ['a name with a colon', 'a:b'],
  ])('P-28/P-31: rejects %s', (_, key) => {
    expect(isValidMetaKey(key)).toBe(false);
  });

  it('P-30: reserved prefixes are those whose second label is modelcontextprotocol or mcp', () => {
    expect(isReservedMetaKey('io.modelcontextprotocol/x')).toBe(true);
    expect(isReservedMetaKey('dev.mcp/x')).toBe(true);
    expect(isReservedMetaKey('org.modelcontextprotocol.api/x')).toBe(true);
    expect(isReservedMetaKey('com.mcp.tools/x')).toBe(true);
    expect(isReservedMetaKey('com.example.mcp/x')).toBe(false);
    expect(isReservedMetaKey('mcp/x')).toBe(false);
    expect(isReservedMetaKey('progressToken')).toBe(false);
  });

  it('P-51: extension ids need a prefix', () => {
    expect(isValidExtensionId('io.modelcontextprotocol/tasks')).toBe(true);
    expect(isValidExtensionId('tasks')).toBe(false);
  });

  it('lists the invalid keys of a _meta object', () => {
    expect(invalidMetaKeys({ good: 1, 'bad key': 2, 'io.modelcontextprotocol/x': 3 })).toEqual(['bad key']);
  });
});

describe('per-request _meta', () => {
  const base = { protocolVersion: '2026-07-28', clientCapabilities: {} };

  it('C-1: requestMeta writes the reserved keys', () => {
    expect(
      requestMeta({ ...base, clientInfo: { name: 'c', version: '1' }, progressToken: 't', logLevel: 'info' }),
    ).toEqual({
      [MetaKey.protocolVersion]: '2026-07-28',
      [MetaKey.clientCapabilities]: {},
      [MetaKey.clientInfo]: { name: 'c', version: '1' },
      [MetaKey.progressToken]: 't',
      [MetaKey.logLevel]: 'info',
    });
  });

  it('reads back what requestMeta wrote', () => {
    const fields = { ...base, clientInfo: { name: 'c', version: '1' }, progressToken: 5 };
    expect(readRequestMeta({ _meta: requestMeta(fields) })).toEqual(fields);
  });

  it.each([
    ['no params', undefined],
    ['no _meta', {}],
    ['_meta not an object', { _meta: [] }],
    ['no protocolVersion', { _meta: { [MetaKey.clientCapabilities]: {} } }],
    ['no clientCapabilities', { _meta: { [MetaKey.protocolVersion]: '2026-07-28' } }],
    [
      'a non-string protocolVersion',
      { _meta: { [MetaKey.protocolVersion]: 20260728, [MetaKey.clientCapabilities]: {} } },
    ],
    [
      'non-object clientCapabilities',
      { _meta: { [MetaKey.protocolVersion]: 'v', [MetaKey.clientCapabilities]: 'all' } },
    ],
  ])('S-1/P-35: %s is -32602 with HTTP 400', (_, params) => {
    const read = readRequestMeta(params);
    expect(read).toBeInstanceOf(McpError);
    expect(read).toMatchObject({ code: -32602, reason: 'request-meta' });
  });

  it('P-28: a _meta key that breaks the grammar is -32602', () => {
    const read = readRequestMeta({ _meta: { ...requestMeta(base), 'not a key': 1 } });
    expect(read).toMatchObject({ code: -32602 });
    expect((read as McpError).message).toContain('not a key');
  });

  it('P-28: the keys every request carries are known without a set lookup, any other key still checked', () => {
    const meta = requestMeta({ ...base, clientInfo: { name: 'c', version: '1' } });
    const has = vi.spyOn(Set.prototype, 'has');
    try {
      expect(readRequestMeta({ _meta: meta })).not.toBeInstanceOf(McpError);
      expect(has).not.toHaveBeenCalled();
      expect(readRequestMeta({ _meta: { ...meta, traceparent: 'x', 'bad key': 1 } })).toMatchObject({
        message: expect.stringContaining('bad key'),
      });
    } finally {
      has.mockRestore();
    }
  });

  it('S-71: an unknown logLevel is -32602', () => {
    expect(readRequestMeta({ _meta: { ...requestMeta(base), [MetaKey.logLevel]: 'verbose' } })).toMatchObject(
      {
        code: -32602,
      },
    );
  });

  it('S-1, P-35: capabilities nested deeper than the stack allows are -32602 with HTTP 400, not a crash', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const read = readRequestMeta({
      _meta: { ...requestMeta(base), [MetaKey.clientCapabilities]: { experimental: { x: deep } } },
    });
    expect(read).toMatchObject({ code: -32602, reason: 'request-meta' });
  });

  it('P-79: a fractional progressToken is -32602', () => {
    expect(readRequestMeta({ _meta: { ...requestMeta(base), progressToken: 1.5 } })).toMatchObject({
      code: -32602,
    });
  });

  it('P-39: subscriptionIdOf reads the listen id of a notification', () => {
    expect(subscriptionIdOf({ params: { _meta: { [MetaKey.subscriptionId]: 'listen-1' } } })).toBe(
      'listen-1',
    );
    expect(subscriptionIdOf({ params: {} })).toBeUndefined();
  });
});

describe('W3C trace context (P-40)', () => {
  const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it('accepts a valid traceparent', () => {
    expect(isValidTraceparent(traceparent)).toBe(true);
  });

  it.each([
    ['version ff', 'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'],
    ['an all-zero trace id', '00-00000000000000000000000000000000-b7ad6b7169203331-01'],
    ['an all-zero parent id', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01'],
    ['upper-case hex', '00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01'],
    ['a short trace id', '00-0af7651916cd43dd-b7ad6b7169203331-01'],
    ['extra fields on version 00', `${'00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'}-xyz`],
  ])('rejects a traceparent with %s', (_, value) => {
    expect(isValidTraceparent(value)).toBe(false);
  });

  it('validates tracestate lists', () => {
    expect(isValidTracestate('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE')).toBe(true);
    expect(isValidTracestate('tenant@vendor=abc')).toBe(true);
    expect(isValidTracestate('Upper=1')).toBe(false);
    expect(isValidTracestate('a=1,b')).toBe(false);
  });

  it('P-40/C-8: a tracestate list holds at most 32 members (W3C Trace Context)', () => {
    const members = (count: number) => Array.from({ length: count }, (_, i) => `k${i}=v${i}`).join(',');
    expect(isValidTracestate(members(32))).toBe(true);
    expect(isValidTracestate(members(33))).toBe(false);
    expect(isValidTracestate(`${members(32)}, ,`)).toBe(true);
    expect(readTraceContext({ traceparent, tracestate: members(33) })).toEqual({ traceparent });
  });

  it('readTraceContext keeps only well-formed values', () => {
    expect(readTraceContext({ traceparent, tracestate: 'rojo=1', baggage: 'userId=alice' })).toEqual({
      traceparent,
      tracestate: 'rojo=1',
      baggage: 'userId=alice',
    });
    expect(readTraceContext({ traceparent: 'garbage', tracestate: 'rojo=1', baggage: 'no equals' })).toEqual(
      {},
    );
    expect(readTraceContext(undefined)).toEqual({});
  });
});
