import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeAs,
  decodeParams,
  decodeResult,
  MetaKey,
  type Method,
  methods,
  readRequestMeta,
  type WireTypeName,
  wireSchemas,
} from '../src/index.js';

// A fixed number of generated cases, so the time is CPU and load, not a property: on a 2-core
// machine shared by other builds a run took 90 s where it takes a few seconds idle. The limit only
// catches a hang.
const FUZZ_TIMEOUT_MS = 300_000;

const typeNames = Object.keys(wireSchemas) as WireTypeName[];
const methodNames = Object.keys(methods) as Method[];

/** Any JSON value, and JSON values placed where the decoders look (envelopes, `_meta`, results). */
const json = fc.jsonValue({ maxDepth: 4 });
/** A `_meta` object whose reserved keys, each present or not, hold any JSON value. */
const meta = fc.dictionary(fc.constantFrom(...Object.values(MetaKey), 'x.y/z'), json);
const placed = fc.oneof(
  json,
  meta.map((m) => ({ _meta: m })),
  meta.map((m) => ({ _meta: m, name: 't', uri: 'file:///a', arguments: {} })),
  json.map((v) => ({ jsonrpc: '2.0', id: 1, result: v })),
  json.map((v) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: v })),
  json.map((v) => ({ _meta: v })),
  json.map((v) => ({
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': v,
    },
  })),
  json.map((v) => ({ resultType: v, content: [], ttlMs: v, cacheScope: v })),
  json.map((v) => ({ resultType: 'input_required', inputRequests: { a: v }, requestState: v })),
  json.map((v) => ({ name: v, uri: v, arguments: v, cursor: v, _meta: { progressToken: v } })),
  json.map((v) => ({ resultType: 'complete', content: [v], structuredContent: v })),
  fc.constantFrom(JSON.parse('{"__proto__":{"resultType":"input_required"},"content":[]}'), {
    resultType: 'complete',
    toString: 1,
    constructor: null,
  }),
);

function throwsNothing(run: () => unknown): void {
  expect(run).not.toThrow();
}

describe('decoders never throw on arbitrary JSON', () => {
  it(
    'decodeAs, for every schema.json type',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...typeNames), placed, (name, value) => {
          throwsNothing(() => decodeAs(name, value));
          throwsNothing(() => decodeAs(name, value, { extensionResultTypes: ['task'] }));
        }),
        { numRuns: 4000 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'decodeParams and decodeResult, for every method and for names that are not methods',
    () => {
      const method = fc.oneof(
        fc.constantFrom(...methodNames),
        fc.constantFrom('__proto__', 'toString', ''),
        fc.string(),
      );
      fc.assert(
        fc.property(method, placed, (name, value) => {
          throwsNothing(() => decodeParams(name, value));
          if (name in methods && Object.hasOwn(methods, name)) {
            throwsNothing(() => decodeResult(name as Method, value));
            throwsNothing(() =>
              decodeResult(name as Method, value, { extensionResultTypes: ['task', 'complete'] }),
            );
          }
        }),
        { numRuns: 4000 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'readRequestMeta, given any params or any _meta',
    () => {
      fc.assert(
        fc.property(placed, (value) => {
          throwsNothing(() => readRequestMeta(value));
          throwsNothing(() => readRequestMeta({ _meta: value }));
        }),
        { numRuns: 4000 },
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'values nested far deeper than the stack allows are rejected, not thrown',
    () => {
      const depth = 100_000;
      const deep = [
        JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`),
        JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
      ];
      for (const value of deep) {
        for (const name of typeNames) throwsNothing(() => decodeAs(name, value));
        for (const name of methodNames) {
          throwsNothing(() => decodeParams(name, { _meta: value, arguments: value }));
          throwsNothing(() =>
            decodeResult(name, { content: [value], structuredContent: value, _meta: value }),
          );
        }
        throwsNothing(() =>
          readRequestMeta({ _meta: { 'io.modelcontextprotocol/clientCapabilities': value } }),
        );
      }
    },
    FUZZ_TIMEOUT_MS,
  );
});
