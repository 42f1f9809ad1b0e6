import type { RecoveryKit } from './reply-status.js';
import type { HttpReply, HttpRequestSpec } from './sender.js';
import type { HttpAuthProvider, HttpAuthRequest } from './transport-options.js';

/**
 * Sends one request to `url` with the transport's headers (custom, auth) merged with `extra`,
 * built afresh for each attempt, through the transport's redirect policy; a 401 or 403 goes
 * through the auth provider as for every request of the transport (see `retryUnauthorized`).
 */
export type AuthorizedSend = (
  url: string,
  extra: Record<string, string>,
  request: Omit<HttpRequestSpec, 'headers'>,
) => Promise<HttpReply>;

/**
 * After a 401 or 403 to `request`: asks the provider's `onUnauthorized` and, while it says it has
 * fresh credentials, sends the request again with `send` (which asks for fresh headers), up to
 * `MAX_AUTH_RETRIES` times. Returns the last response: still a refusal when the provider declined
 * or has no `onUnauthorized`, and the caller reports its status. A provider that throws fails the
 * request with a `TransportError('bad-response')` carrying the status, never a retryable one.
 */
export async function retryUnauthorized(
  kit: RecoveryKit,
  provider: HttpAuthProvider | undefined,
  refused: HttpReply,
  request: HttpAuthRequest,
  send: () => Promise<HttpReply>,
): Promise<HttpReply> {
  let response = refused;
  if (provider?.onUnauthorized === undefined) return response;
  for (let attempt = 0; attempt < kit.maxAuthRetries && kit.isUnauthorized(response); attempt++) {
    if (!(await askProvider(kit, provider, response, { ...request, attempt }))) break;
    void response.body?.cancel().catch(() => {});
    response = await send();
  }
  return response;
}

async function askProvider(
  kit: RecoveryKit,
  provider: HttpAuthProvider,
  response: HttpReply,
  request: HttpAuthRequest & { attempt: number },
): Promise<boolean> {
  try {
    return (await provider.onUnauthorized?.(response.toResponse(), request)) === true;
  } catch (error) {
    void response.body?.cancel().catch(() => {});
    const reason = error instanceof Error ? `: ${error.message}` : '';
    throw new kit.TransportError('bad-response', `HTTP ${response.status}, authorization failed${reason}`, {
      status: response.status,
      cause: error,
    });
  }
}
