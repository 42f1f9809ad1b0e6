import * as oauth from 'oauth4webapi';
import { OAuthClientError } from './errors.js';
import type { FlowContext } from './flow-context.js';
import { requestOptions } from './http.js';
import type { StoredTokens } from './token-store.js';

/** Options for a token endpoint request: DPoP when in use, our fetch and time limit. */
export function tokenRequestOptions(context: FlowContext, additionalParameters?: Record<string, string>) {
  return {
    ...requestOptions(context.http, context.as.token_endpoint, 'token response'),
    ...(additionalParameters ? { additionalParameters } : {}),
    ...(context.dpop ? { DPoP: context.dpop.tokenRequests() } : {}),
  };
}

/**
 * Runs a token request and reads its response, once more when the authorization server asks for a
 * DPoP nonce (RFC 9449 §8). Any other failure becomes an `OAuthClientError('token-request-failed')`
 * naming the server's `error` code, never a token.
 */
export async function requestTokens(
  context: FlowContext,
  scopes: readonly string[] | undefined,
  exchange: () => Promise<oauth.TokenEndpointResponse>,
): Promise<StoredTokens> {
  let response: oauth.TokenEndpointResponse;
  try {
    try {
      response = await exchange();
    } catch (error) {
      if (!context.dpop || !oauth.isDPoPNonceError(error)) throw error;
      response = await exchange();
    }
  } catch (error) {
    throw tokenError(context.as.issuer, error);
  }
  return storedTokens(response, scopes);
}

/** The typed error for a failed token request; `error` codes are safe to show, tokens never appear. */
export function tokenError(issuer: string, error: unknown): OAuthClientError {
  if (error instanceof OAuthClientError) return error;
  const detail = error instanceof oauth.ResponseBodyError ? `: ${error.error}` : '';
  return new OAuthClientError(
    'token-request-failed',
    `the token endpoint of ${issuer} refused the request${detail}`,
    {
      cause: error,
    },
  );
}

/** What is kept of a token response: the tokens, their type, expiry and the scopes asked for. */
export function storedTokens(
  response: oauth.TokenEndpointResponse,
  scopes: readonly string[] | undefined,
): StoredTokens {
  return {
    accessToken: response.access_token,
    tokenType: response.token_type,
    ...(response.refresh_token ? { refreshToken: response.refresh_token } : {}),
    ...(typeof response.expires_in === 'number'
      ? { expiresAt: Date.now() + response.expires_in * 1000 }
      : {}),
    ...(scopes?.length ? { scopes: [...scopes] } : {}),
  };
}

/** `scope` and `resource` parameters: `scope` only when there are scopes, `resource` always. */
export function scopeAndResource(
  context: FlowContext,
  scopes: readonly string[] | undefined,
): Record<string, string> {
  return { ...(scopes?.length ? { scope: scopes.join(' ') } : {}), resource: context.resource };
}
