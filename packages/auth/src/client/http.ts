import * as oauth from 'oauth4webapi';

/** The `fetch` the OAuth client uses for metadata, registration and token requests. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** How the OAuth client talks to servers other than the MCP server. */
export interface HttpContext {
  fetch: FetchLike;
  /** Per-request time limit, so a silent server cannot hang a login. */
  timeoutMs: number;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` is plain `http` on a loopback host: allowed for development, never for other hosts. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/** The oauth4webapi request options for a request to `url`: our fetch, a timeout, loopback http allowed. */
export function requestOptions(http: HttpContext, url: string | URL | undefined) {
  const insecure = url !== undefined && URL.canParse(String(url)) && isLoopbackHttp(new URL(String(url)));
  return {
    [oauth.customFetch]: http.fetch,
    [oauth.allowInsecureRequests]: insecure,
    signal: AbortSignal.timeout(http.timeoutMs),
  };
}

/** A GET with `Accept: application/json` and the time limit; network failures resolve to undefined. */
export async function getJson(http: HttpContext, url: string): Promise<Response | undefined> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && !isLoopbackHttp(target)) return undefined;
  try {
    return await http.fetch(target.href, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(http.timeoutMs),
    });
  } catch {
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
