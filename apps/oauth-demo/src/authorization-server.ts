import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';

/** The one user of the demo; consent is given on its behalf at once. */
export const DEMO_ACCOUNT = 'demo-user';

/** What the authorization server issues tokens for. */
export interface AuthorizationServerOptions {
  /** The issuer URL (the origin the server is reached at). */
  issuer: string;
  /** The MCP server's canonical resource URI: the only audience tokens are issued for. */
  resource: string;
  /** Scopes the MCP server understands. */
  scopes: readonly string[];
  /** Access token lifetime, in seconds. */
  accessTokenTtlSec: number;
  /** JWT access tokens (RFC 9068), or opaque ones the resource server introspects (RFC 7662). */
  accessTokenFormat: 'jwt' | 'opaque';
  /** The resource server's own credentials, for introspection only. */
  resourceServerClient: { clientId: string; clientSecret: string };
}

const OIDC_SCOPES = ['openid', 'offline_access'];

async function signingKeys(): Promise<Configuration['jwks']> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    keys: [{ ...(await exportJWK(privateKey)), kid: `demo-${Date.now()}`, alg: 'ES256', use: 'sig' }],
  };
}

function configuration(options: AuthorizationServerOptions, jwks: Configuration['jwks']): Configuration {
  return {
    jwks,
    scopes: [...OIDC_SCOPES, ...options.scopes],
    clients: [
      {
        client_id: options.resourceServerClient.clientId,
        client_secret: options.resourceServerClient.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: [],
        response_types: [],
        redirect_uris: [],
      },
    ],
    claims: { openid: ['sub'] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      introspection: {
        enabled: true,
        // Only the resource server introspects; a client may not read other clients' tokens.
        allowedPolicy: async (ctx) => ctx.oidc.client?.clientId === options.resourceServerClient.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => options.resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== options.resource) throw new errors.InvalidTarget();
          return {
            scope: options.scopes.join(' '),
            audience: options.resource,
            accessTokenTTL: options.accessTokenTtlSec,
            accessTokenFormat: options.accessTokenFormat,
            ...(options.accessTokenFormat === 'jwt' ? { jwt: { sign: { alg: 'ES256' as const } } } : {}),
          };
        },
      },
    },
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'application/json';
      ctx.body = out;
    },
  };
}

/**
 * Answers an interaction (login, consent) at once for the demo account, granting every scope
 * asked for: the consent a person would click through, automated for tests.
 */
async function consentAutomatically(provider: Provider, request: IncomingMessage, response: ServerResponse) {
  const details = await provider.interactionDetails(request, response);
  const { missingOIDCScope, missingResourceScopes } = details.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: DEMO_ACCOUNT, clientId: String(details.params.client_id) });
  if (grant === undefined) throw new Error('the grant of this interaction is gone');
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes);
  }
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: DEMO_ACCOUNT }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * A real OAuth 2.1 / OpenID authorization server (`oidc-provider`) on a Node HTTP server that
 * is already listening: dynamic client registration, authorization code with PKCE (S256,
 * required), resource indicators with JWT or opaque access tokens for one MCP resource, refresh
 * tokens, revocation, and introspection for the resource server. Consent is automated.
 */
export async function serveAuthorizationServer(
  http: Server,
  options: AuthorizationServerOptions,
): Promise<Provider> {
  const provider = new Provider(options.issuer, configuration(options, await signingKeys()));
  const callback = provider.callback();
  http.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'GET' && request.url?.startsWith('/interaction/')) {
      consentAutomatically(provider, request, response).catch(() => {
        response.statusCode = 400;
        response.end('interaction failed');
      });
      return;
    }
    callback(request, response);
  });
  return provider;
}
