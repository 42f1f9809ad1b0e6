import { compileCheck } from './check.js';
import type { Decoded } from './decode.js';
import { decodeWith } from './decode-with.js';
import { McpError } from './errors.js';
import { isRecord } from './is-record.js';
import { type Method, methodSpec, type ResultOf } from './methods.js';
import type { InputRequiredResult } from './schemas/input-required.js';
import { InputRequiredResultSchema } from './schemas/input-required.js';

/** Options for reading results. */
export interface ResultDecodeOptions<E extends string = string> {
  /**
   * `resultType` values added by extensions this side negotiated (e.g. `"task"`, P-15).
   * Results of these types are returned unchecked, for the extension to read.
   */
  extensionResultTypes?: readonly E[];
}

/** A result whose `resultType` belongs to a negotiated extension. */
export interface ExtensionResult<T extends string = string> {
  resultType: T;
  [key: string]: unknown;
}

/**
 * The extension results `decodeResult` may return for the `extensionResultTypes` given: none
 * without them, so a union of results narrows on `resultType`. The core values never name one.
 */
export type ExtensionResultOf<E extends string> = [E] extends [never]
  ? never
  : ExtensionResult<Exclude<E, 'complete' | 'input_required'>>;

type Json = Record<string, unknown>;

function rejected(message: string, rule: string): { ok: false; error: McpError; rule: string } {
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

const isInputRequired = compileCheck(InputRequiredResultSchema);

/**
 * Checks an `input_required` result: its shape, and that it has `inputRequests` or
 * `requestState` (P-73, which JSON Schema does not state).
 */
export function decodeInputRequiredResult(result: Json): Decoded<InputRequiredResult> {
  if (result.resultType !== 'input_required') return rejected('resultType is not "input_required"', 'P-18');
  if (!isInputRequired(result)) return decodeWith(InputRequiredResultSchema, result, 'result') as never;
  if (result.inputRequests === undefined && result.requestState === undefined) {
    return rejected('an input_required result needs inputRequests or requestState', 'P-73');
  }
  return { ok: true, value: result as InputRequiredResult };
}

/**
 * Reads the result of a `method` request as its receiver must (P-13..P-18, C-14..C-16, C-32):
 * defaults first, then discrimination by `resultType` — `complete` is checked against the
 * method's result schema, `input_required` only where the method allows it (S-53), an
 * extension's type passes through, and anything else is invalid.
 *
 * The result's type is a union discriminated by `resultType`: the method's complete result
 * (`"complete"`), `InputRequiredResult` (`"input_required"`) and, only when `extensionResultTypes`
 * is given, `ExtensionResult` of those types.
 *
 * @example
 * ```ts
 * const decoded = decodeResult('tools/call', response.result);
 * if (decoded.ok && decoded.value.resultType === 'complete') show(decoded.value.content);
 * ```
 */
export function decodeResult<M extends Method, E extends string = never>(
  method: M,
  result: unknown,
  options: ResultDecodeOptions<E> = {},
): Decoded<ResultOf<M> | InputRequiredResult | ExtensionResultOf<E>> {
  const spec = methodSpec(method)!;
  if (!isRecord(result)) return rejected('a result must be an object', 'P-13');
  const normalized = applyResultDefaults(result, spec.cacheable);
  const resultType = normalized.resultType;
  if (resultType === 'complete') {
    const decoded = decodeWith(spec.result, normalized, 'result') as Decoded<ResultOf<M>>;
    // JSON Schema's union for these methods is untagged; only resultType decides the branch.
    return !decoded.ok && spec.inputRequired ? { ...decoded, rule: 'P-18' } : decoded;
  }
  if (resultType === 'input_required') {
    if (!spec.inputRequired) return rejected(`${method} cannot answer input_required`, 'C-16');
    return decodeInputRequiredResult(normalized);
  }
  if (typeof resultType !== 'string') return rejected('resultType must be a string', 'P-13');
  if ((options.extensionResultTypes as readonly string[] | undefined)?.includes(resultType)) {
    return { ok: true, value: normalized as ExtensionResultOf<E> };
  }
  return rejected(`unknown resultType ${JSON.stringify(resultType)}`, 'P-16');
}
