import * as oauth from 'oauth4webapi';
import { boundedFetch, ResponseTooLargeError } from '../shared/bounded-body.js';
import { OAuthClientError } from './errors.js';

/** The `fetch` the OAuth client uses for metadata, registration and token requests. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** How the OAuth client talks to servers other than the MCP server. */
export interface HttpContext {
  fetch: FetchLike;
  /** Per-request time limit, so a silent server cannot hang a login. */
  timeoutMs: number;
  /** Largest response body read, in bytes, so an endless one cannot exhaust memory. */
  maxResponseBytes: number;
}

/** The default `maxResponseBytes`: real metadata, registration and token responses are a few KiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** What the client reads from other servers, as its errors name it. */
export type ResponseKind =
  | 'protected resource metadata'
  | 'authorization server metadata'
  | 'client registration response'
  | 'token response';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` is plain `http` on a loopback host: allowed for development, never for other hosts. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * The client's `fetch` for one kind of response: the body is read within `maxResponseBytes` before
 * anyone sees the response; a larger one is an `OAuthClientError('response-too-large')`.
 */
function cappedFetch(http: HttpContext, what: ResponseKind): FetchLike {
  const fetch = boundedFetch(http.fetch, { what, limit: http.maxResponseBytes, option: 'maxResponseBytes' });
  return async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if (!(error instanceof ResponseTooLargeError)) throw error;
      throw new OAuthClientError('response-too-large', error.message, { cause: error });
    }
  };
}

/**
 * The oauth4webapi request options for a request to `url`: our fetch capped for `what`, a timeout,
 * loopback http allowed.
 */
export function requestOptions(http: HttpContext, url: string | URL | undefined, what: ResponseKind) {
  const insecure = url !== undefined && URL.canParse(String(url)) && isLoopbackHttp(new URL(String(url)));
  return {
    [oauth.customFetch]: cappedFetch(http, what),
    [oauth.allowInsecureRequests]: insecure,
    signal: AbortSignal.timeout(http.timeoutMs),
  };
}

/**
 * A GET with `Accept: application/json` and the time limit, its body read within the limit;
 * network failures resolve to undefined, an oversized body is thrown.
 */
export async function getJson(
  http: HttpContext,
  url: string,
  what: ResponseKind,
): Promise<Response | undefined> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && !isLoopbackHttp(target)) return undefined;
  try {
    return await cappedFetch(http, what)(target.href, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(http.timeoutMs),
    });
  } catch (error) {
    if (error instanceof OAuthClientError) throw error;
    return undefined;
  }
}

/** The JSON object of a 200 response, or undefined for any other status or body. */
export async function readJsonObject(
  response: Response | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (!response) return undefined;
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
