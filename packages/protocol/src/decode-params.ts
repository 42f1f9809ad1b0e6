import type { Decoded } from './decode.js';
import { decodeWith } from './decode-with.js';
import { McpError } from './errors.js';
import { isRecord } from './is-record.js';
import { methodSpec } from './methods.js';
import { surelyValidParams } from './quick-checks.js';
import { isRequestMetaObject } from './shape-checks.js';

/**
 * Checks the params of a request for `method` against the method's schema; `-32602` with the
 * failing path when they do not fit, `-32601` for a method 2026-07-28 does not define.
 */
export function decodeParams(method: string, params: unknown): Decoded<Record<string, unknown>> {
  const spec = methodSpec(method);
  if (!spec) return { ok: false, error: McpError.methodNotFound(method) };
  const value = params ?? {};
  // The common shapes are checked by hand, with the schema's verdict; the rest by the schema.
  if (isRecord(value) && surelyValidParams(method, value) && isRequestMetaObject(value._meta)) {
    return { ok: true, value };
  }
  return decodeWith(spec.params, value, 'params') as Decoded<Record<string, unknown>>;
}
