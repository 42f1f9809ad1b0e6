import type { Check } from './check.js';
import { CLIENT_SHAPE_ROOTS, CLIENT_SHAPES } from './client-shapes.generated.js';
import type { Decoded } from './decode.js';
import type { McpError } from './errors.js';
import type { LegacyMethod } from './legacy/method-names.js';
import type { LegacyResultOf } from './legacy/schemas.js';
import type { methodInfo } from './method-info.js';
import type { Method, ResultOf } from './methods.js';
import type {
  applyResultDefaults,
  decodeResultWithoutSchemas,
  ResultDecodeOptions,
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
 *
 * What it needs of the code a client has loaded already (errors, the result rules) is passed in by
 * `loadClientSchemas`: a chunk that imports none of it leaves the protocol's shared chunks as they
 * were, where importing it cut one of them in two and made a bundle's first chunk 0.3 KiB larger.
 */

type ShapeName = keyof typeof CLIENT_SHAPE_ROOTS;
type Json = Record<string, unknown>;

/** What the set needs of the code already loaded. */
interface LoadedCode {
  McpError: typeof McpError;
  methodInfo: typeof methodInfo;
  applyResultDefaults: typeof applyResultDefaults;
  decodeResultWithoutSchemas: typeof decodeResultWithoutSchemas;
  rejectedResult: typeof rejectedResult;
}

function shapeCheck(name: ShapeName): Check {
  const root = CLIENT_SHAPE_ROOTS[name];
  return (value) => describeShapeFailure(CLIENT_SHAPES, root, value, 'value') === undefined;
}

/**
 * The client's decoders and checks, made with `loaded`: the same verdicts as the schema set's,
 * without zod.
 *
 * @example
 * ```ts
 * const { decodeResult } = await loadClientSchemas();
 * const decoded = decodeResult('prompts/get', response.result);
 * if (!decoded.ok) throw decoded.error; // names the first failing path and what was expected
 * ```
 */
export function clientSchemaSet(loaded: LoadedCode) {
  const { McpError, rejectedResult } = loaded;

  function decodeShape<T>(name: ShapeName, value: unknown, label: string): Decoded<T> {
    const failure = describeShapeFailure(CLIENT_SHAPES, CLIENT_SHAPE_ROOTS[name], value, label);
    return failure === undefined
      ? { ok: true, value: value as T }
      : { ok: false, error: McpError.invalidParams(failure) };
  }

  function decodeInputRequired(result: Json): Decoded<InputRequiredResult> {
    const decoded = decodeShape<InputRequiredResult>('InputRequiredResult', result, 'result');
    if (decoded.ok && result.inputRequests === undefined && result.requestState === undefined) {
      return rejectedResult('an input_required result needs inputRequests or requestState', 'P-73');
    }
    return decoded;
  }

  /** Reads the result of a `method` request as the schema set's `decodeResult` does. */
  function decodeResult<M extends Method, E extends string = never>(
    method: M,
    result: unknown,
    options: ResultDecodeOptions<E> = {},
  ): Decoded<ResultOf<M> | InputRequiredResult | ExtensionResultOf<E>> {
    const quick = loaded.decodeResultWithoutSchemas(method, result, options);
    if (quick !== undefined) return quick as never;
    const info = loaded.methodInfo(method)!;
    const normalized = loaded.applyResultDefaults(result as Json, info.cacheable);
    if (normalized.resultType === 'input_required') return decodeInputRequired(normalized);
    const decoded = decodeShape<ResultOf<M>>(method, normalized, 'result');
    // JSON Schema's union for these methods is untagged; only resultType decides the branch.
    return !decoded.ok && info.inputRequired ? { ...decoded, rule: 'P-18' } : decoded;
  }

  /** Checks the result of a 2025-era request as the schema set's `decodeLegacyResult` does. */
  function decodeLegacyResult<M extends LegacyMethod>(
    method: M,
    result: unknown,
    label = 'result',
  ): Decoded<LegacyResultOf<M>> {
    return decodeShape(`legacy:${method}`, result, label);
  }

  return {
    decodeResult,
    decodeLegacyResult,
    isElicitResult: shapeCheck('ElicitResult'),
    isCreateMessageResult: shapeCheck('CreateMessageResult'),
    isInputRequest: shapeCheck('InputRequest'),
    isCreateTaskResult: shapeCheck('CreateTaskResult'),
    isDetailedTask: shapeCheck('DetailedTask'),
  };
}
