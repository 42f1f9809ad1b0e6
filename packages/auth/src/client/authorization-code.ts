import * as oauth from 'oauth4webapi';
import { OAuthClientError } from './errors.js';
import type { FlowContext } from './flow-context.js';
import { isLoopbackHttp } from './http.js';
import { requestTokens, scopeAndResource, tokenRequestOptions } from './token-response.js';
import type { StoredTokens } from './token-store.js';

/** What is recorded before the user is sent away: checked when the redirect comes back. */
interface PendingAuthorization {
  /** The validated metadata's `issuer`, compared with `iss` by simple string comparison. */
  issuer: string;
  codeVerifier: string;
  state: string;
}

/** PKCE S256 must be advertised; without `code_challenge_methods_supported` the flow stops. */
function assertPkceSupported(as: oauth.AuthorizationServer): void {
  const methods = as.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes('S256')) {
    throw new OAuthClientError(
      'pkce-unsupported',
      `${as.issuer} does not advertise PKCE with S256 (code_challenge_methods_supported), so no authorization is attempted`,
    );
  }
}

/** The authorization request URL and what must be checked on return. */
async function authorizationRequest(
  context: FlowContext,
  redirectUrl: string,
  scopes: readonly string[] | undefined,
): Promise<{ url: URL; pending: PendingAuthorization }> {
  const { as, identity } = context;
  assertPkceSupported(as);
  if (!as.authorization_endpoint) {
    throw new OAuthClientError('discovery-failed', `${as.issuer} has no authorization_endpoint`);
  }
  const pending: PendingAuthorization = {
    issuer: as.issuer,
    codeVerifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
  };
  const url = URL.canParse(as.authorization_endpoint) ? new URL(as.authorization_endpoint) : undefined;
  // The user's browser is sent here: another scheme (file:, javascript:, a custom one) would make the
  // opener run whatever it names. Same rule as every other request of this client.
  if (!url || (url.protocol !== 'https:' && !isLoopbackHttp(url))) {
    throw new OAuthClientError(
      'discovery-failed',
      `${as.issuer} has an authorization_endpoint that is not https (nor http on localhost or 127.0.0.1), so no browser is sent there`,
    );
  }
  const params = {
    response_type: 'code',
    client_id: identity.client.client_id,
    redirect_uri: redirectUrl,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    state: pending.state,
    ...scopeAndResource(context, scopes),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { url, pending };
}

/**
 * Checks the redirect back (RFC 9207 `iss` exactly as A-33 says, then `state`, A-34), before the
 * code goes anywhere. On an `iss` or `state` mismatch nothing the response says is repeated, not even
 * its `error`; a matching error response is reported by its `error` code.
 */
function validateCallback(
  context: FlowContext,
  pending: PendingAuthorization,
  callback: URL | string,
): URLSearchParams {
  const url = typeof callback === 'string' ? new URL(callback) : callback;
  // The recorded issuer, not whatever metadata may be in use by now.
  const as = { ...context.as, issuer: pending.issuer };
  try {
    return oauth.validateAuthResponse(as, context.identity.client, url.searchParams, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OAuthClientError('authorization-failed', `the authorization server answered ${error.error}`);
    }
    throw new OAuthClientError(
      'authorization-failed',
      'the authorization response was rejected: its iss or state does not match this request',
    );
  }
}

/**
 * The authorization code flow with PKCE (A-28..A-35): the user authorizes through
 * `options.authorize`, the response is validated, and the code is redeemed with the verifier and
 * `resource`.
 */
export async function authorizationCodeFlow(
  context: FlowContext,
  scopes: readonly string[] | undefined,
): Promise<StoredTokens> {
  const { authorize, redirectUrl } = context.options;
  if (!authorize || !redirectUrl) {
    throw new OAuthClientError(
      'misconfigured',
      'the authorization code flow needs authorize and redirectUrl',
    );
  }
  const { url, pending } = await authorizationRequest(context, redirectUrl, scopes);
  const callback = await authorize(url);
  const params = validateCallback(context, pending, callback);
  const { as, identity } = context;
  return requestTokens(context, scopes, async () => {
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      identity.client,
      identity.auth,
      params,
      redirectUrl,
      pending.codeVerifier,
      tokenRequestOptions(context, { resource: context.resource }),
    );
    return oauth.processAuthorizationCodeResponse(as, identity.client, response);
  });
}

/** Redeems a refresh token; `resource` again names the MCP server. */
export async function refreshFlow(context: FlowContext, tokens: StoredTokens): Promise<StoredTokens> {
  const refreshToken = tokens.refreshToken!;
  const { as, identity } = context;
  const fresh = await requestTokens(context, tokens.scopes, async () => {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      identity.client,
      identity.auth,
      refreshToken,
      tokenRequestOptions(context, { resource: context.resource }),
    );
    return oauth.processRefreshTokenResponse(as, identity.client, response);
  });
  return fresh.refreshToken ? fresh : { ...fresh, refreshToken };
}
