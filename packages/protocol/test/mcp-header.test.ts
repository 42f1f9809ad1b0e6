import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeHeaderValue,
  encodeHeaderValue,
  extractMcpHeaderValues,
  readMcpHeaderAnnotations,
  requestHeaders,
} from '../src/index.js';
import { isFieldValue, trimFieldValue } from '../src/internal.js';

describe('H-26: header value encoding (streamable-http.mdx, "Encoding examples")', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('%j -> %s', (value, encoded) => {
    expect(encodeHeaderValue(value)).toBe(encoded);
    expect(decodeHeaderValue(encoded)).toBe(value);
  });

  it('integers in decimal, booleans as true/false', () => {
    expect(encodeHeaderValue(42)).toBe('42');
    expect(encodeHeaderValue(-7)).toBe('-7');
    expect(encodeHeaderValue(true)).toBe('true');
    expect(encodeHeaderValue(false)).toBe('false');
  });

  it('H-26: an integer is written in decimal digits, never in exponent form; a non-finite number is refused', () => {
    expect(encodeHeaderValue(2 ** 53 - 1)).toBe('9007199254740991');
    expect(encodeHeaderValue(1e21)).toBe('1000000000000000000000');
    expect(encodeHeaderValue(-7)).toBe('-7');
    expect(encodeHeaderValue(1.5)).toBe('1.5');
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => encodeHeaderValue(value), String(value)).toThrow(RangeError);
    }
  });

  it('encodes control characters, including tab, and the empty string', () => {
    expect(encodeHeaderValue('a\tb')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('a\u0007b')).toMatch(/^=\?base64\?/);
    expect(decodeHeaderValue(encodeHeaderValue(''))).toBe('');
  });

  it('decoding ignores whitespace around the value', () => {
    expect(decodeHeaderValue('  us-west1\t')).toBe('us-west1');
  });

  it('trimFieldValue drops spaces and tabs at either end only, and returns an unpadded value as it is', () => {
    expect(trimFieldValue('us-west1')).toBe('us-west1');
    expect(trimFieldValue('')).toBe('');
    expect(trimFieldValue('a b')).toBe('a b');
    expect(trimFieldValue('\tus-west1')).toBe('us-west1');
    expect(trimFieldValue('us-west1 ')).toBe('us-west1');
    expect(trimFieldValue(' \t ')).toBe('');
    expect(trimFieldValue('\nus-west1')).toBe('\nus-west1');
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(trimFieldValue(raw)).toBe(raw.replace(/^[ \t]+|[ \t]+$/g, ''));
      }),
    );
  });

  it('H-29: decoding refuses invalid characters and malformed Base64', () => {
    expect(decodeHeaderValue('caf\u00e9')).toBeUndefined();
    expect(decodeHeaderValue('a\nb')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?not base64!?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?abc?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?/w==?=')).toBeUndefined();
  });

  it('H-26/H-29: the Base64 of a sentinel is standard Base64, padded to a multiple of 4', () => {
    expect(decodeHeaderValue('=?base64?YQ==?=')).toBe('a');
    expect(decodeHeaderValue('=?base64?YWI=?=')).toBe('ab');
    expect(decodeHeaderValue('=?base64?YQ?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?YWI?=')).toBeUndefined();
    expect(decodeHeaderValue('=?base64?YQ=?=')).toBeUndefined();
  });

  it('round-trips every string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const encoded = encodeHeaderValue(value);
        expect(encoded).toMatch(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/);
        expect(decodeHeaderValue(encoded)).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });
});

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('H-23: x-mcp-header annotations', () => {
  it('reads annotations on nested properties reached through properties alone', () => {
    const read = readMcpHeaderAnnotations(
      schema({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        options: {
          type: 'object',
          properties: {
            dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
            count: { type: 'integer', 'x-mcp-header': 'Count' },
          },
        },
        query: { type: 'string' },
      }),
    );
    expect(read).toEqual({
      ok: true,
      annotations: [
        { header: 'Region', path: ['region'], type: 'string' },
        { header: 'Dry-Run', path: ['options', 'dryRun'], type: 'boolean' },
        { header: 'Count', path: ['options', 'count'], type: 'integer' },
      ],
    });
  });

  it('accepts a nullable primitive', () => {
    expect(
      readMcpHeaderAnnotations(schema({ a: { type: ['string', 'null'], 'x-mcp-header': 'A' } })).ok,
    ).toBe(true);
  });

  it.each([
    ['an empty value', schema({ a: { type: 'string', 'x-mcp-header': '' } }), /non-empty/],
    ['a non-string value', schema({ a: { type: 'string', 'x-mcp-header': 5 } }), /non-empty string/],
    ['a space', schema({ a: { type: 'string', 'x-mcp-header': 'My Header' } }), /token/],
    ['a colon', schema({ a: { type: 'string', 'x-mcp-header': 'a:b' } }), /token/],
    ['a CR/LF', schema({ a: { type: 'string', 'x-mcp-header': 'a\r\nb' } }), /token/],
    ['a non-ASCII character', schema({ a: { type: 'string', 'x-mcp-header': 'Régión' } }), /token/],
    [
      'a case-insensitive duplicate',
      schema({
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'string', 'x-mcp-header': 'REGION' },
      }),
      /unique/,
    ],
    [
      'a number property',
      schema({ a: { type: 'number', 'x-mcp-header': 'A' } }),
      /integer, string or boolean/,
    ],
    [
      'an object property',
      schema({ a: { type: 'object', 'x-mcp-header': 'A' } }),
      /integer, string or boolean/,
    ],
    ['a property without a type', schema({ a: { 'x-mcp-header': 'A' } }), /integer, string or boolean/],
    [
      'array items',
      schema({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }),
      /reachable/,
    ],
    [
      'oneOf',
      schema({}, { oneOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] }),
      /reachable/,
    ],
    [
      'allOf',
      schema({}, { allOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] }),
      /reachable/,
    ],
    ['not', schema({}, { not: { properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } }), /reachable/],
    [
      'if/then',
      // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword
      schema({}, { if: {}, then: { properties: { a: { type: 'string', 'x-mcp-header': 'A' } } } }),
      /reachable/,
    ],
    [
      '$defs behind a $ref',
      schema({ a: { $ref: '#/$defs/A' } }, { $defs: { A: { type: 'string', 'x-mcp-header': 'A' } } }),
      /reachable/,
    ],
    ['the root', { type: 'object', 'x-mcp-header': 'Root' }, /reachable/],
  ])('rejects %s, naming it', (_, inputSchema, reason) => {
    const read = readMcpHeaderAnnotations(inputSchema);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(reason);
  });

  it('ignores x-mcp-header inside non-schema keywords such as default and enum values', () => {
    const read = readMcpHeaderAnnotations(
      schema({ a: { type: 'object', default: { 'x-mcp-header': 'nope' } } }),
    );
    expect(read).toEqual({ ok: true, annotations: [] });
  });
});

describe('H-25/H-27: extraction and request headers', () => {
  const annotations = [
    { header: 'Region', path: ['region'], type: 'string' as const },
    { header: 'Dry-Run', path: ['options', 'dryRun'], type: 'boolean' as const },
    { header: 'Count', path: ['count'], type: 'integer' as const },
  ];

  it('H-25/H-30: extracts present values, omits absent and null ones', () => {
    expect(
      extractMcpHeaderValues(annotations, { region: 'eu', options: { dryRun: false }, count: null }),
    ).toEqual({
      Region: 'eu',
      'Dry-Run': false,
    });
    expect(extractMcpHeaderValues(annotations, undefined)).toEqual({});
  });

  it('H-25: a scalar of another type than the annotation is mirrored as it is, so the server reports the argument', () => {
    expect(extractMcpHeaderValues(annotations, { count: 1.5 })).toEqual({ Count: 1.5 });
    expect(extractMcpHeaderValues(annotations, { count: '3', region: 5 })).toEqual({ Count: '3', Region: 5 });
    expect(extractMcpHeaderValues(annotations, { count: { n: 1 }, region: [1] })).toEqual({});
  });

  it('H-26: requestHeaders writes integers in full and leaves out a number that is not finite', () => {
    const headers = requestHeaders(
      { method: 'tools/call', params: { name: 't' } },
      { N: 1e21, F: 1.5, M: 7, X: Number.NaN },
    );
    expect(headers['Mcp-Param-N']).toBe('1000000000000000000000');
    expect(headers['Mcp-Param-F']).toBe('1.5');
    expect(headers['Mcp-Param-M']).toBe('7');
    expect(headers).not.toHaveProperty('Mcp-Param-X');
  });

  it('H-6/H-27: builds the standard and parameter headers, encoded', () => {
    const request = {
      method: 'tools/call',
      params: {
        name: 'ünïcode-tool',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    expect(requestHeaders(request, { Region: 'Hello, 世界', Count: 3 })).toEqual({
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': encodeHeaderValue('ünïcode-tool'),
      'Mcp-Param-Region': '=?base64?SGVsbG8sIOS4lueVjA==?=',
      'Mcp-Param-Count': '3',
    });
  });

  it('Mcp-Name comes from params.uri for resources/read and is absent for lists', () => {
    expect(requestHeaders({ method: 'resources/read', params: { uri: 'file:///a.txt' } })).toMatchObject({
      'Mcp-Name': 'file:///a.txt',
    });
    expect(requestHeaders({ method: 'tools/list', params: {} })).not.toHaveProperty('Mcp-Name');
  });
});

describe('H-29: what a received header value may hold', () => {
  it('isFieldValue accepts exactly visible ASCII, space and tab, as /^[\\x20-\\x7e\\t]*$/ does', () => {
    const pattern = /^[\x20-\x7e\t]*$/;
    for (let code = 0; code < 0x180; code++) {
      const value = `a${String.fromCharCode(code)}b`;
      expect(isFieldValue(value)).toBe(pattern.test(value));
    }
    expect(isFieldValue('')).toBe(true);
    expect(isFieldValue('\t tools/call ~')).toBe(true);
    expect(isFieldValue('\u{1f600}')).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => isFieldValue(value) === pattern.test(value)),
    );
  });

  it('decodeHeaderValue returns a plain value as is and refuses a sentinel-looking one that is not Base64', () => {
    expect(decodeHeaderValue('=?base64')).toBe('=?base64');
    expect(decodeHeaderValue('x=?base64?YQ==?=')).toBe('x=?base64?YQ==?=');
    expect(decodeHeaderValue('=?base64?YQ==?=x')).toBe('=?base64?YQ==?=x');
    expect(decodeHeaderValue('=?base64?Y Q==?=')).toBeUndefined();
  });
});
