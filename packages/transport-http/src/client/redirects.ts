import { TransportError } from '@mcpkit/protocol/internal';
import type { HttpReply, HttpRequestSpec, HttpSender } from './sender.js';

/**
 * Which redirects the HTTP client follows:
 * - `'same-origin'` (default): redirects within the endpoint's origin, with every header;
 * - `'follow'`: to other origins too, which get the body with `Content-Type` and `Accept` only:
 *   never `Authorization`, the `Mcp-*` headers or custom headers;
 * - `'error'`: none.
 * A redirect that is not followed fails the exchange with `TransportError('bad-response')`.
 */
export type RedirectPolicy = 'same-origin' | 'follow' | 'error';

/** The most redirects one request follows. */
export const MAX_REDIRECTS = 5;

/** Statuses after which the same POST goes to `Location`; a 303 asks for a GET, which MCP has not. */
const FOLLOWED = new Set([301, 302, 307, 308]);

function refuse(response: HttpReply, why: string): never {
  void response.body?.cancel().catch(() => {});
  throw new TransportError('bad-response', `HTTP ${response.status}: ${why}`, { status: response.status });
}

/** The headers a hop to another origin may carry: what describes the body, nothing that identifies us. */
function foreignHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
}

/** Whether `response` is a redirect for `followRedirects` to follow or refuse. */
export function isRedirect(response: HttpReply): boolean {
  return response.opaqueRedirect || FOLLOWED.has(response.status);
}

/**
 * Sends `request` to `endpoint` and follows redirects itself, checking each hop's origin against
 * the endpoint's, so that credentials and the request never reach another origin unless `policy`
 * allows it, and then without any header of ours. In browsers a manual redirect is opaque (no
 * `Location`): it is refused.
 */
export async function sendFollowingRedirects(
  sender: HttpSender,
  endpoint: string,
  request: HttpRequestSpec,
  policy: RedirectPolicy,
): Promise<HttpReply> {
  return followRedirects(sender, endpoint, request, policy, await sender.send(endpoint, request));
}

/** `sendFollowingRedirects` from the endpoint's first `response` on. */
export async function followRedirects(
  sender: HttpSender,
  endpoint: string,
  request: HttpRequestSpec,
  policy: RedirectPolicy,
  first: HttpReply,
): Promise<HttpReply> {
  let response = first;
  let origin: string | undefined;
  let target = endpoint;
  for (let hops = 0; ; hops++) {
    if (response.opaqueRedirect) refuse(response, 'a redirect this runtime does not let us inspect');
    const location = FOLLOWED.has(response.status) ? response.header('location') : null;
    if (location === null) return response;
    if (policy === 'error') refuse(response, 'redirects are not followed');
    if (hops >= MAX_REDIRECTS) refuse(response, `more than ${MAX_REDIRECTS} redirects`);
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      refuse(response, 'a redirect to an invalid URL');
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      refuse(response, 'a redirect to another scheme');
    origin ??= new URL(endpoint).origin;
    const sameOrigin = next.origin === origin;
    if (!sameOrigin && policy !== 'follow') {
      refuse(response, `a redirect to another origin (${next.origin}) is not followed`);
    }
    void response.body?.cancel().catch(() => {});
    target = next.href;
    const headers = sameOrigin ? request.headers : foreignHeaders();
    response = await sender.send(target, { ...request, headers });
  }
}
