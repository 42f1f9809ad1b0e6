import type { HttpRequestInfo } from './auth.js';
import { asResponse, isPlainObject } from './response-like.js';

/** What an application hook (`authenticate`, a `protectedResourceMetadata` function) answered. */
export type HookAnswer<T> =
  /** It returned `undefined`. */
  | { kind: 'none' }
  /** It returned a plain object, read into `value`. */
  | { kind: 'value'; value: T }
  /** It returned a `Response` (by class or by shape), to send instead. */
  | { kind: 'respond'; response: Response }
  /** It threw, or returned anything else (a string, `null`, a class instance that is not a response). */
  | { kind: 'invalid' };

const NONE = { kind: 'none' } as const;
const INVALID = { kind: 'invalid' } as const;

/**
 * Calls a hook and reads its answer, failing closed: a `Response` by class or by shape is sent, a
 * plain object goes through `read`, and a throw (of the hook or of `read`) or any other value is
 * `invalid`. Never throws.
 */
export async function callHook<T>(
  hook: (request: HttpRequestInfo) => unknown,
  request: HttpRequestInfo,
  read: (value: Record<string, unknown>) => T,
): Promise<HookAnswer<T>> {
  try {
    const result: unknown = await hook(request);
    if (result === undefined) return NONE;
    const response = await asResponse(result);
    if (response !== undefined) return { kind: 'respond', response };
    return isPlainObject(result) ? { kind: 'value', value: read(result) } : INVALID;
  } catch {
    return INVALID;
  }
}
