import type { Decoded } from './decode.js';
import { McpError } from './errors.js';
import { isRecord } from './is-record.js';
import { methodInfo } from './method-info.js';
import { isCallToolResult, isDiscoverResult, isListToolsResult } from './result-shapes.js';

/** Options for reading results. */
export interface ResultDecodeOptions<E extends string = string> {
  /**
   * `resultType` values added by extensions this side negotiated (e.g. `"task"`, P-15).
   * Results of these types are returned unchecked, for the extension to read.
   */
  extensionResultTypes?: readonly E[];
}

type Json = Record<string, unknown>;

/** A rejected result: `-32602` naming the rule it breaks. */
export function rejectedResult(message: string, rule: string): { ok: false; error: McpError; rule: string } {
  return { ok: false, error: McpError.invalidParams(`${message} (${rule})`), rule };
}

/**
 * Applies the receiver's rules before checking a result: a missing `resultType` is `"complete"`
 * (P-17), and a complete result of a cacheable method without usable hints gets `ttlMs: 0`
 * (absent or negative; a fraction is floored) and `cacheScope: "private"` (C-32, Q-17).
 * Returns `result` itself when nothing changes, else a shallow copy.
 */
export function applyResultDefaults(result: Json, cacheable: boolean): Json {
  let out = result;
  if (out.resultType === undefined) out = { ...out, resultType: 'complete' };
  if (!cacheable || out.resultType !== 'complete') return out;
  const ttl = out.ttlMs;
  if (
    ttl === undefined ||
    (typeof ttl === 'number' && Number.isFinite(ttl) && !(Number.isInteger(ttl) && ttl >= 0))
  ) {
    out = { ...out, ttlMs: typeof ttl === 'number' && ttl > 0 ? Math.floor(ttl) : 0 };
  }
  if (out.cacheScope === undefined) out = { ...out, cacheScope: 'private' };
  return out;
}

/** The hand-written checks of the complete results every connection meets (see result-shapes.ts). */
const completeChecks: Readonly<Record<string, (value: unknown) => boolean>> = {
  'server/discover': isDiscoverResult,
  'tools/list': isListToolsResult,
  'tools/call': isCallToolResult,
};

/**
 * `decodeResult`'s outcome where it needs no schema, or `undefined` where only the method's schema
 * can decide: a complete result the hand-written checks do not accept (a rarer method, or an
 * invalid result, whose error names the schema's first failing path) and an `input_required`
 * result of a method that allows one. Call `decodeResult` (after `loadSchemas`) for those.
 * `method` must be one of `methods`.
 */
export function decodeResultWithoutSchemas(
  method: string,
  result: unknown,
  options: ResultDecodeOptions = {},
): Decoded<Json> | undefined {
  const info = methodInfo(method)!;
  if (!isRecord(result)) return rejectedResult('a result must be an object', 'P-13');
  const normalized = applyResultDefaults(result, info.cacheable);
  const resultType = normalized.resultType;
  if (resultType === 'complete') {
    const check = completeChecks[method];
    return check?.(normalized) ? { ok: true, value: normalized } : undefined;
  }
  if (resultType === 'input_required') {
    return info.inputRequired ? undefined : rejectedResult(`${method} cannot answer input_required`, 'C-16');
  }
  if (typeof resultType !== 'string') return rejectedResult('resultType must be a string', 'P-13');
  if (options.extensionResultTypes?.includes(resultType)) return { ok: true, value: normalized };
  return rejectedResult(`unknown resultType ${JSON.stringify(resultType)}`, 'P-16');
}
