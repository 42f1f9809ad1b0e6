import type { Decoded } from '../decode.js';
import { decodeWith } from '../decode-with.js';
import type { LegacyMethod } from './method-names.js';
import { type LegacyParamsOf, type LegacyResultOf, legacyMethods } from './schemas.js';

/**
 * Checks the params of a 2025-era request against its method's schema without copying them;
 * `-32602` naming the failing path (prefixed with `label`) when they do not fit.
 *
 * @example
 * ```ts
 * const { decodeLegacyParams } = await loadSchemas();
 * const read = decodeLegacyParams('initialize', request.params);
 * if (read.ok) read.value.clientInfo.name;
 * ```
 */
export function decodeLegacyParams<M extends LegacyMethod>(
  method: M,
  params: unknown,
  label = 'params',
): Decoded<LegacyParamsOf<M>> {
  return decodeWith(legacyMethods[method].params, params ?? {}, label) as Decoded<LegacyParamsOf<M>>;
}

/**
 * Checks the result of a 2025-era request against its method's schema without copying it; on
 * failure, the error names the failing path (prefixed with `label`).
 *
 * @example
 * ```ts
 * const { decodeLegacyResult } = await loadSchemas();
 * const read = decodeLegacyResult('initialize', response.result);
 * if (read.ok) read.value.capabilities.tools;
 * ```
 */
export function decodeLegacyResult<M extends LegacyMethod>(
  method: M,
  result: unknown,
  label = 'result',
): Decoded<LegacyResultOf<M>> {
  return decodeWith(legacyMethods[method].result, result, label) as Decoded<LegacyResultOf<M>>;
}
