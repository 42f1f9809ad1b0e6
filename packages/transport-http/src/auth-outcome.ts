import type { AuthInfo } from '@mcpkit/protocol';
import type { Authenticate, HttpRequestInfo } from './auth.js';

/** What an `authenticate` hook's return value means for the request. */
export type AuthOutcome =
  /** Serve the request, with this caller (`undefined`: anonymous). */
  | { kind: 'serve'; auth: AuthInfo | undefined }
  /** Send this response instead. */
  | { kind: 'respond'; response: Response }
  /** The hook threw or returned something else: answered with 500, never served. */
  | { kind: 'invalid' };

interface ResponseLike {
  status: number;
  statusText?: string;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  arrayBuffer(): Promise<ArrayBuffer>;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `Response` of another realm or class (a polyfill, `undici`'s, another frame's) fails
 * `instanceof Response`; it is recognised by the members the adapters read.
 */
function isResponseLike(value: object): value is ResponseLike {
  const candidate = value as Partial<Record<keyof ResponseLike, unknown>>;
  const headers = candidate.headers as { forEach?: unknown } | null | undefined;
  return (
    Number.isInteger(candidate.status) &&
    typeof headers === 'object' &&
    headers !== null &&
    typeof headers.forEach === 'function' &&
    typeof candidate.arrayBuffer === 'function'
  );
}

/** An object literal (or `Object.create(null)`), from this realm or another: not a class instance. */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** Rebuilds a foreign response as a `Response` of this runtime, which every adapter can send. */
async function adopt(foreign: ResponseLike): Promise<Response> {
  const headers = new Headers();
  foreign.headers.forEach((value, name) => headers.append(name, value));
  const bytes = await foreign.arrayBuffer();
  const body = bytes.byteLength === 0 || NULL_BODY_STATUSES.has(foreign.status) ? null : bytes;
  return new Response(body, { status: foreign.status, statusText: foreign.statusText, headers });
}

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
    if (result instanceof Response) return { kind: 'respond', response: result };
    if (typeof result !== 'object' || result === null) return { kind: 'invalid' };
    if (isResponseLike(result)) return { kind: 'respond', response: await adopt(result) };
    if (!isPlainObject(result)) return { kind: 'invalid' };
    return { kind: 'serve', auth: result as AuthInfo };
  } catch {
    return { kind: 'invalid' };
  }
}
