import type { RecoveryKit } from './reply-status.js';
import type { HttpReply, HttpRequestSpec, HttpSender } from './sender.js';
import type { RedirectPolicy } from './transport-options.js';

function refuse(kit: RecoveryKit, response: HttpReply, why: string): never {
  void response.body?.cancel().catch(() => {});
  throw new kit.TransportError('bad-response', `HTTP ${response.status}: ${why}`, {
    status: response.status,
  });
}

/** The headers a hop to another origin may carry: what describes the body, nothing that identifies us. */
function foreignHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
}

/**
 * Follows the redirects from the endpoint's first `response` to `request` on, checking each hop's
 * origin against the endpoint's, so that credentials and the request never reach another origin
 * unless `policy` allows it, and then without any header of ours. In browsers a manual redirect is
 * opaque (no `Location`): it is refused.
 */
export async function followRedirects(
  kit: RecoveryKit,
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
    if (response.opaqueRedirect) refuse(kit, response, 'a redirect this runtime does not let us inspect');
    const location = kit.followed.has(response.status) ? response.header('location') : null;
    if (location === null) return response;
    if (policy === 'error') refuse(kit, response, 'redirects are not followed');
    if (hops >= kit.maxRedirects) refuse(kit, response, `more than ${kit.maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      refuse(kit, response, 'a redirect to an invalid URL');
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      refuse(kit, response, 'a redirect to another scheme');
    origin ??= new URL(endpoint).origin;
    const sameOrigin = next.origin === origin;
    if (!sameOrigin && policy !== 'follow') {
      refuse(kit, response, `a redirect to another origin (${next.origin}) is not followed`);
    }
    void response.body?.cancel().catch(() => {});
    target = next.href;
    const headers = sameOrigin ? request.headers : foreignHeaders();
    response = await sender.send(target, { ...request, headers });
  }
}
