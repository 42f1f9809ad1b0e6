import * as oauth from 'oauth4webapi';
import { OAuthClientError } from './errors.js';
import type { FlowContext } from './flow-context.js';
import { requestOptions } from './http.js';
import type { MachineGrant } from './options.js';
import { requestTokens, scopeAndResource, tokenError, tokenRequestOptions } from './token-response.js';
import type { StoredTokens } from './token-store.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';

/** RFC 7523 JWT bearer grant at the MCP server's authorization server. Errors are final: no retry, no other grant. */
async function jwtBearer(context: FlowContext, assertion: string, scopes: readonly string[] | undefined) {
  const { as, identity } = context;
  return requestTokens(context, scopes, async () => {
    const response = await oauth.genericTokenEndpointRequest(
      as,
      identity.client,
      identity.auth,
      JWT_BEARER,
      { assertion, ...scopeAndResource(context, scopes) },
      tokenRequestOptions(context),
    );
    return oauth.processGenericTokenEndpointResponse(as, identity.client, response);
  });
}

/**
 * Enterprise-managed authorization, step one: the identity provider exchanges the user's ID token
 * (RFC 8693) for an ID-JAG naming the MCP server's authorization server (`audience`) and the MCP
 * server (`resource`).
 */
async function exchangeIdToken(
  context: FlowContext,
  grant: Extract<MachineGrant, { type: 'enterprise' }>,
  scopes: readonly string[] | undefined,
): Promise<string> {
  const idp = grant.identityProvider;
  const server: oauth.AuthorizationServer = { issuer: idp.issuer, token_endpoint: idp.tokenEndpoint };
  const client: oauth.Client = { client_id: idp.clientId ?? context.identity.client.client_id };
  const auth = idp.clientSecret ? oauth.ClientSecretBasic(idp.clientSecret) : oauth.None();
  try {
    const response = await oauth.genericTokenEndpointRequest(
      server,
      client,
      auth,
      TOKEN_EXCHANGE,
      {
        subject_token: await grant.idToken(),
        subject_token_type: ID_TOKEN,
        requested_token_type: ID_JAG,
        audience: context.as.issuer,
        ...scopeAndResource(context, scopes),
      },
      requestOptions(context.http, idp.tokenEndpoint, 'token response'),
    );
    // An ID-JAG is not an access token: its token_type is N_A (RFC 8693 §2.2.1).
    const result = await oauth.processGenericTokenEndpointResponse(server, client, response, {
      recognizedTokenTypes: { n_a: () => {} },
    });
    if (result.issued_token_type !== ID_JAG) {
      throw new OAuthClientError('token-request-failed', `${idp.issuer} issued no ID-JAG`);
    }
    return result.access_token;
  } catch (error) {
    throw tokenError(idp.issuer, error);
  }
}

/** Tokens from a grant without a user: client credentials, JWT bearer, enterprise-managed. */
export async function machineGrantFlow(
  context: FlowContext,
  grant: MachineGrant,
  scopes: readonly string[] | undefined,
): Promise<StoredTokens> {
  const { as, identity } = context;
  switch (grant.type) {
    case 'client_credentials':
      return requestTokens(context, scopes, async () => {
        const response = await oauth.clientCredentialsGrantRequest(
          as,
          identity.client,
          identity.auth,
          scopeAndResource(context, scopes),
          tokenRequestOptions(context),
        );
        return oauth.processClientCredentialsResponse(as, identity.client, response);
      });
    case 'jwt_bearer':
      return jwtBearer(context, await grant.assertion(), scopes);
    case 'enterprise':
      return jwtBearer(context, await exchangeIdToken(context, grant, scopes), scopes);
  }
}
