import type { Check } from './check.js';
import { CLIENT_SHAPE_ROOTS, CLIENT_SHAPES } from './client-shapes.generated.js';
import type { Decoded } from './decode.js';
import { McpError } from './errors.js';
import type { LegacyMethod } from './legacy/method-names.js';
import type { LegacyResultOf } from './legacy/schemas.js';
import { methodInfo } from './method-info.js';
import type { Method, ResultOf } from './methods.js';
import {
  applyResultDefaults,
  decodeResultWithoutSchemas,
  type ResultDecodeOptions,
  rejectedResult,
} from './read-result.js';
import type { ExtensionResultOf } from './results.js';
import type { InputRequiredResult } from './schemas/input-required.js';
import { describeShapeFailure } from './shape-check.js';

/*
 * What a client loads when a message needs more than the hand-written checks (see
 * `loadClientSchemas`): the same decoders the schema set has, checking against the shape table
 * generated from the zod schemas (`client-shapes.generated.ts`) instead of zod, so a client
 * needs no zod installed. Their verdicts and first failing paths are zod's
 * (`test/client-shapes.test.ts`).
 */

type ShapeName = keyof typeof CLIENT_SHAPE_ROOTS;
type Json = Record<string, unknown>;

function decodeShape<T>(name: ShapeName, value: unknown, label: string): Decoded<T> {
  const failure = describeShapeFailure(CLIENT_SHAPES, CLIENT_SHAPE_ROOTS[name], value, label);
  return failure === undefined
    ? { ok: true, value: value as T }
    : { ok: false, error: McpError.invalidParams(failure) };
}

function shapeCheck(name: ShapeName): Check {
  const root = CLIENT_SHAPE_ROOTS[name];
  return (value) => describeShapeFailure(CLIENT_SHAPES, root, value, 'value') === undefined;
}

/** Whether a value fits the protocol's schema of its name, as zod would say. */
export const isElicitResult = shapeCheck('ElicitResult');
export const isCreateMessageResult = shapeCheck('CreateMessageResult');
export const isInputRequest = shapeCheck('InputRequest');
export const isCreateTaskResult = shapeCheck('CreateTaskResult');
export const isDetailedTask = shapeCheck('DetailedTask');

function decodeInputRequired(result: Json): Decoded<InputRequiredResult> {
  const decoded = decodeShape<InputRequiredResult>('InputRequiredResult', result, 'result');
  if (decoded.ok && result.inputRequests === undefined && result.requestState === undefined) {
    return rejectedResult('an input_required result needs inputRequests or requestState', 'P-73');
  }
  return decoded;
}

/**
 * Reads the result of a `method` request as the schema set's `decodeResult` does, with the same
 * verdicts and failing paths, without zod; its messages also say what was expected there.
 *
 * @example
 * ```ts
 * const decoded = (await loadClientSchemas()).decodeResult('prompts/get', response.result);
 * if (!decoded.ok) throw decoded.error; // names the first failing path
 * ```
 */
export function decodeResult<M extends Method, E extends string = never>(
  method: M,
  result: unknown,
  options: ResultDecodeOptions<E> = {},
): Decoded<ResultOf<M> | InputRequiredResult | ExtensionResultOf<E>> {
  const quick = decodeResultWithoutSchemas(method, result, options);
  if (quick !== undefined) return quick as never;
  const info = methodInfo(method)!;
  const normalized = applyResultDefaults(result as Json, info.cacheable);
  if (normalized.resultType === 'input_required') return decodeInputRequired(normalized);
  const decoded = decodeShape<ResultOf<M>>(method, normalized, 'result');
  // JSON Schema's union for these methods is untagged; only resultType decides the branch.
  return !decoded.ok && info.inputRequired ? { ...decoded, rule: 'P-18' } : decoded;
}

/**
 * Checks the result of a 2025-era request as the schema set's `decodeLegacyResult` does, without zod.
 *
 * @example
 * ```ts
 * const read = (await loadClientSchemas()).decodeLegacyResult('initialize', response.result);
 * if (read.ok) read.value.capabilities.tools;
 * ```
 */
export function decodeLegacyResult<M extends LegacyMethod>(
  method: M,
  result: unknown,
  label = 'result',
): Decoded<LegacyResultOf<M>> {
  return decodeShape(`legacy:${method}`, result, label);
}
