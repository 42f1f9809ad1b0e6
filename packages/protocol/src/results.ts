import { compileCheck } from './check.js';
import type { Decoded } from './decode.js';
import { decodeWith } from './decode-with.js';
import { type Method, methodSpec, type ResultOf } from './methods.js';
import {
  applyResultDefaults,
  decodeResultWithoutSchemas,
  type ResultDecodeOptions,
  rejectedResult,
} from './read-result.js';
import type { InputRequiredResult } from './schemas/input-required.js';
import { InputRequiredResultSchema } from './schemas/input-required.js';

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

const isInputRequired = compileCheck(InputRequiredResultSchema);

/**
 * Checks an `input_required` result: its shape, and that it has `inputRequests` or
 * `requestState` (P-73, which JSON Schema does not state).
 */
export function decodeInputRequiredResult(result: Json): Decoded<InputRequiredResult> {
  if (result.resultType !== 'input_required')
    return rejectedResult('resultType is not "input_required"', 'P-18');
  if (!isInputRequired(result)) return decodeWith(InputRequiredResultSchema, result, 'result') as never;
  if (result.inputRequests === undefined && result.requestState === undefined) {
    return rejectedResult('an input_required result needs inputRequests or requestState', 'P-73');
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
  const quick = decodeResultWithoutSchemas(method, result, options);
  if (quick !== undefined) return quick as Decoded<ResultOf<M> | InputRequiredResult | ExtensionResultOf<E>>;
  // Left to the schemas: a complete result the hand-written checks cannot vouch for, or an
  // input_required one of a method that allows it.
  const spec = methodSpec(method)!;
  const normalized = applyResultDefaults(result as Json, spec.cacheable);
  if (normalized.resultType === 'input_required') return decodeInputRequiredResult(normalized);
  const decoded = decodeWith(spec.result, normalized, 'result') as Decoded<ResultOf<M>>;
  // JSON Schema's union for these methods is untagged; only resultType decides the branch.
  return !decoded.ok && spec.inputRequired ? { ...decoded, rule: 'P-18' } : decoded;
}
