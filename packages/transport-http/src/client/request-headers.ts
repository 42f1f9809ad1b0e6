import type { HttpClientTransportOptions } from './transport-options.js';

const ACCEPT = 'application/json, text/event-stream';

/** The POST's headers when there is nothing to merge: a plain object, read once by either engine. */
function postHeaders(mirror: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: ACCEPT };
  for (const name in mirror) headers[name] = mirror[name]!;
  return headers;
}

/** Merges a request's headers: the POST's content headers when `post`, and `mirror` on top. */
export type HeaderMerger = (
  mirror: Record<string, string>,
  post: boolean,
  method: string,
  url?: string,
) => Record<string, string> | Promise<Record<string, string>>;

/**
 * The custom headers and the auth provider's for a `method` request to `url` (default: the
 * endpoint; a DPoP proof signs both),
 * with `mirror` on top, and the POST's content headers when `post`; names in lower case. Without
 * custom headers or a provider, no `Headers` object is built and nothing is awaited.
 */
export function headerMerger(
  options: Pick<HttpClientTransportOptions, 'headers' | 'authProvider'>,
  endpoint: string,
): HeaderMerger {
  if (options.headers === undefined && options.authProvider === undefined) {
    return (mirror, post) => (post ? postHeaders(mirror) : mirror);
  }
  return async (mirror, post, method, url = endpoint) => {
    const custom = typeof options.headers === 'function' ? await options.headers() : options.headers;
    const headers = new Headers(custom);
    if (post) {
      headers.set('content-type', 'application/json');
      headers.set('accept', ACCEPT);
    }
    for (const name in mirror) headers.set(name, mirror[name]!);
    const auth = await options.authProvider?.headers({ method, url });
    if (auth !== undefined) for (const name in auth) headers.set(name, auth[name]!);
    const merged: Record<string, string> = {};
    headers.forEach((value, name) => {
      merged[name] = value;
    });
    return merged;
  };
}
