import * as oauth from 'oauth4webapi';
import { OAuthClientError } from './errors.js';
import { type HttpContext, isLoopbackHttp, requestOptions } from './http.js';
import type { OAuthClientOptions, PreRegisteredClient, TokenEndpointAuthMethod } from './options.js';
import type { StoredClient, TokenStore } from './token-store.js';

/** Who the client is at one authorization server, and how it proves it at the token endpoint. */
export interface ClientIdentity {
  client: oauth.Client;
  auth: oauth.ClientAuth;
  method: TokenEndpointAuthMethod;
  /** How the identity was obtained (A-21). */
  source: 'pre-registered' | 'metadata-document' | 'registered';
}

/** Pre-registered clients without an issuer are bound to the first one they are used with (A-27). */
export type Bindings = WeakMap<PreRegisteredClient, string>;

/** The token endpoint auth method for these credentials at this server: given, else the first that fits. */
function chooseAuthMethod(
  as: oauth.AuthorizationServer,
  credentials: { clientSecret?: string; privateKey?: CryptoKey; tokenEndpointAuthMethod?: string },
): TokenEndpointAuthMethod {
  const given = credentials.tokenEndpointAuthMethod;
  if (given === 'client_secret_basic' || given === 'client_secret_post' || given === 'none') return given;
  if (given === 'private_key_jwt') return given;
  // RFC 8414 §2: an absent list means client_secret_basic only.
  const supported = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (credentials.privateKey && supported.includes('private_key_jwt')) return 'private_key_jwt';
  if (credentials.clientSecret) {
    const method = (['client_secret_basic', 'client_secret_post'] as const).find((m) =>
      supported.includes(m),
    );
    if (method) return method;
  }
  return supported.includes('none') || !credentials.clientSecret ? 'none' : 'client_secret_basic';
}

/** `application/x-www-form-urlencoded` encoding of one value (RFC 6749 §2.3.1, WHATWG URL). */
function formEncode(value: string): string {
  return new URLSearchParams([['', value]]).toString().slice(1);
}

/**
 * HTTP Basic client authentication (RFC 6749 §2.3.1). oauth4webapi's version also percent-encodes
 * `-`, `_`, `.`, `*`, which the form encoding leaves alone; servers that compare the decoded Basic
 * credentials without form-decoding them (common) then see another client id.
 */
function clientSecretBasic(secret: string): oauth.ClientAuth {
  return (_as, client, _body, headers) => {
    headers.set('authorization', `Basic ${btoa(`${formEncode(client.client_id)}:${formEncode(secret)}`)}`);
  };
}

function clientAuth(
  method: TokenEndpointAuthMethod,
  credentials: { clientId: string; clientSecret?: string; privateKey?: CryptoKey },
): oauth.ClientAuth {
  switch (method) {
    case 'client_secret_basic':
      return clientSecretBasic(credentials.clientSecret ?? '');
    case 'client_secret_post':
      return oauth.ClientSecretPost(credentials.clientSecret ?? '');
    case 'private_key_jwt':
      if (!credentials.privateKey) {
        throw new OAuthClientError(
          'misconfigured',
          `private_key_jwt for ${credentials.clientId} needs a privateKey`,
        );
      }
      return oauth.PrivateKeyJwt(credentials.privateKey);
    default:
      return oauth.None();
  }
}

function identity(
  as: oauth.AuthorizationServer,
  credentials: {
    clientId: string;
    clientSecret?: string;
    privateKey?: CryptoKey;
    tokenEndpointAuthMethod?: string;
  },
  source: ClientIdentity['source'],
): ClientIdentity {
  const method = chooseAuthMethod(as, credentials);
  return {
    client: { client_id: credentials.clientId, token_endpoint_auth_method: method },
    auth: clientAuth(method, credentials),
    method,
    source,
  };
}

/** The pre-registered client for this issuer (A-27): one bound to it, else an unbound one, which binds. */
function preRegistered(
  options: OAuthClientOptions,
  issuer: string,
  bindings: Bindings,
): PreRegisteredClient | undefined {
  const clients =
    options.client === undefined ? [] : Array.isArray(options.client) ? options.client : [options.client];
  const list = clients as readonly PreRegisteredClient[];
  const bound = list.find((client) => (client.issuer ?? bindings.get(client)) === issuer);
  if (bound) return bound;
  const unbound = list.find((client) => client.issuer === undefined && !bindings.has(client));
  if (unbound) {
    bindings.set(unbound, issuer);
    return unbound;
  }
  if (list.length > 0 && !options.clientMetadataUrl) {
    throw new OAuthClientError(
      'credentials-bound-elsewhere',
      `the pre-registered client credentials belong to another authorization server than ${issuer}`,
    );
  }
  return undefined;
}

/** `native` for loopback redirect URLs (CLIs, desktop apps), else `web` (A-26). */
export function applicationType(options: OAuthClientOptions): 'native' | 'web' {
  if (options.applicationType) return options.applicationType;
  const redirect = options.redirectUrl;
  if (!redirect || !URL.canParse(redirect)) return 'native';
  const url = new URL(redirect);
  return isLoopbackHttp(url) || !url.protocol.startsWith('http') ? 'native' : 'web';
}

/**
 * RFC 7591 §3.2.1 requires `client_secret_expires_at` with a secret, and oauth4webapi insists; many
 * servers leave it out. A missing one is read as 0, "does not expire", its meaning in the RFC.
 */
async function withSecretExpiry(response: Response): Promise<Response> {
  if (response.status !== 201 && response.status !== 200) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return response;
  const fields = body as Record<string, unknown>;
  if (fields.client_secret === undefined || fields.client_secret_expires_at !== undefined) return response;
  return new Response(JSON.stringify({ ...fields, client_secret_expires_at: 0 }), {
    status: response.status,
    headers: { 'content-type': 'application/json' },
  });
}

/** What to ask for at registration: a public client (`none`) when allowed, else a client secret. */
function registrationAuthMethod(as: oauth.AuthorizationServer): string {
  const supported = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (supported.includes('none')) return 'none';
  return supported.find((m) => m === 'client_secret_basic' || m === 'client_secret_post') ?? 'none';
}

/** RFC 7591 Dynamic Client Registration (A-25, A-26), kept in the store under the issuer (A-27). */
async function register(
  http: HttpContext,
  as: oauth.AuthorizationServer,
  options: OAuthClientOptions,
): Promise<StoredClient> {
  const metadata: Partial<oauth.Client> = {
    client_name: options.clientName ?? 'MCP client',
    redirect_uris: options.redirectUrl ? [options.redirectUrl] : [],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: registrationAuthMethod(as),
    application_type: applicationType(options),
    ...(options.clientMetadata as Partial<oauth.Client> | undefined),
  };
  try {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      metadata,
      requestOptions(http, as.registration_endpoint, 'client registration response'),
    );
    const registered = await oauth.processDynamicClientRegistrationResponse(await withSecretExpiry(response));
    return {
      clientId: registered.client_id,
      ...(typeof registered.client_secret === 'string' ? { clientSecret: registered.client_secret } : {}),
      ...(typeof registered.token_endpoint_auth_method === 'string'
        ? { tokenEndpointAuthMethod: registered.token_endpoint_auth_method }
        : {}),
    };
  } catch (error) {
    if (error instanceof OAuthClientError) throw error;
    const code = error instanceof oauth.ResponseBodyError ? `: ${error.error}` : '';
    throw new OAuthClientError('registration-failed', `${as.issuer} refused the client registration${code}`, {
      cause: error,
    });
  }
}

/**
 * The client's identity at `as`, in the spec's order (A-21): pre-registered credentials, then a
 * Client ID Metadata Document when the server supports it, then credentials this client registered
 * there before, then Dynamic Client Registration. Registrations are per issuer and never reused at
 * another authorization server (A-17, A-27).
 */
export async function resolveIdentity(
  http: HttpContext,
  as: oauth.AuthorizationServer,
  options: OAuthClientOptions,
  store: TokenStore,
  bindings: Bindings,
): Promise<ClientIdentity> {
  const pre = preRegistered(options, as.issuer, bindings);
  if (pre) return identity(as, pre, 'pre-registered');
  if (options.grant) {
    throw new OAuthClientError(
      'no-client-identity',
      `a ${options.grant.type} grant needs pre-registered client credentials for ${as.issuer}`,
    );
  }
  if (options.clientMetadataUrl && as.client_id_metadata_document_supported === true) {
    return identity(
      as,
      { clientId: options.clientMetadataUrl, tokenEndpointAuthMethod: 'none' },
      'metadata-document',
    );
  }
  const stored = await store.getClient(as.issuer);
  if (stored) return identity(as, stored, 'registered');
  if (!as.registration_endpoint) {
    throw new OAuthClientError(
      'no-client-identity',
      `${as.issuer} offers neither Client ID Metadata Documents nor registration, and no client is pre-registered`,
    );
  }
  const registered = await register(http, as, options);
  await store.setClient(as.issuer, registered);
  return identity(as, registered, 'registered');
}
