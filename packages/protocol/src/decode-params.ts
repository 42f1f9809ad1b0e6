import type { Decoded } from './decode.js';
import { decodeWith } from './decode-with.js';
import { McpError } from './errors.js';
import { methodSpec } from './methods.js';

/**
 * Checks the params of a request for `method` against the method's schema; `-32602` with the
 * failing path when they do not fit, `-32601` for a method 2026-07-28 does not define.
 */
export function decodeParams(method: string, params: unknown): Decoded<Record<string, unknown>> {
  const spec = methodSpec(method);
  if (!spec) return { ok: false, error: McpError.methodNotFound(method) };
  return decodeWith(spec.params, params ?? {}, 'params') as Decoded<Record<string, unknown>>;
}
