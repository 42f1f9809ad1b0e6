import type { AuthInfo } from '@mcpkit/protocol';
import type { Authenticate, HttpRequestInfo } from './auth.js';
import { asResponse, isPlainObject } from './response-like.js';

/** What an `authenticate` hook's return value means for the request. */
export type AuthOutcome =
  /** Serve the request, with this caller (`undefined`: anonymous). */
  | { kind: 'serve'; auth: AuthInfo | undefined }
  /** Send this response instead. */
  | { kind: 'respond'; response: Response }
  /** The hook threw or returned something else: answered with 500, never served. */
  | { kind: 'invalid' };

/**
 * Runs an `authenticate` hook and reads its answer, failing closed: `undefined` serves
 * anonymously, a `Response` (by class or by shape) is sent, a plain object is the `AuthInfo`;
 * a throw or anything else (a string, `null`, a class instance that is not a response) is
 * `invalid`.
 */
export async function runAuthenticate(hook: Authenticate, request: HttpRequestInfo): Promise<AuthOutcome> {
  try {
    const result: unknown = await hook(request);
    if (result === undefined) return { kind: 'serve', auth: undefined };
    const response = await asResponse(result);
    if (response !== undefined) return { kind: 'respond', response };
    return isPlainObject(result) ? { kind: 'serve', auth: result as AuthInfo } : { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
}
