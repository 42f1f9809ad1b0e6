import type { FetchLike } from './http.js';
import type { TokenStore } from './token-store.js';

/** How the client authenticates at the token endpoint. */
export type TokenEndpointAuthMethod =
  | 'client_secret_basic'
  | 'client_secret_post'
  | 'none'
  | 'private_key_jwt';

/**
 * Client credentials registered with an authorization server beforehand. Bound to `issuer`
 * when given; otherwise to the first authorization server they are used with.
 */
export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string;
  /** The issuer of the authorization server that registered this client. */
  issuer?: string;
  /** Default: from the server's metadata, the first of basic, post, none that fits the credentials. */
  tokenEndpointAuthMethod?: TokenEndpointAuthMethod;
  /** For `private_key_jwt` (RFC 7523 client assertions); see `importPrivateKey`. */
  privateKey?: CryptoKey;
}

/** Sends the user to the authorization URL and resolves with the URL the server redirected back to. */
export type Authorize = (authorizationUrl: URL) => Promise<URL | string>;

/** A grant without a user: the client acts on its own behalf. */
export type MachineGrant =
  /** RFC 6749 client credentials, authenticated by secret or `private_key_jwt`. */
  | { type: 'client_credentials' }
  /** RFC 7523 JWT bearer grant with an assertion from elsewhere, e.g. workload identity federation. */
  | { type: 'jwt_bearer'; assertion: () => string | Promise<string> }
  /**
   * Enterprise-managed authorization: the user's identity-provider ID token is exchanged there
   * (RFC 8693) for an ID-JAG, which the MCP server's authorization server takes as a JWT bearer grant.
   */
  | {
      type: 'enterprise';
      idToken: () => string | Promise<string>;
      identityProvider: { issuer: string; tokenEndpoint: string; clientId?: string; clientSecret?: string };
    };

/** Options of `oauthClient`. */
export interface OAuthClientOptions {
  /** The user's part of the authorization code flow (A-28..A-35); required unless `grant` is set. */
  authorize?: Authorize;
  /** Where the authorization server redirects back to: `http://127.0.0.1:<port>/…` or HTTPS. */
  redirectUrl?: string;
  /** A grant without a user instead of the authorization code flow. */
  grant?: MachineGrant;
  /** Pre-registered credentials, first in the registration order. */
  client?: PreRegisteredClient | readonly PreRegisteredClient[];
  /** This client's Client ID Metadata Document URL (HTTPS, with a path), used when the server supports it. */
  clientMetadataUrl?: string;
  /** Shown to users by authorization servers; sent in Dynamic Client Registration. */
  clientName?: string;
  /** More RFC 7591 fields for Dynamic Client Registration (e.g. `logo_uri`). */
  clientMetadata?: Record<string, unknown>;
  /** Default: `native` for a loopback redirect URL, else `web`. */
  applicationType?: 'native' | 'web';
  /** Ask for `offline_access` (a refresh token) when the authorization server lists it. Default true. */
  offlineAccess?: boolean;
  /**
   * DPoP (RFC 9449). `'auto'` (default): when the authorization server supports ES256 proofs and the
   * MCP server asks for DPoP. `true`: whenever the authorization server supports it. A key pair: use it.
   */
  dpop?: 'auto' | boolean | CryptoKeyPair;
  /** Default: a `MemoryTokenStore`. */
  store?: TokenStore;
  /** How many times one scope set is re-authorized after a 403 `insufficient_scope`. Default 1. */
  maxStepUps?: number;
  /** Orders the authorization servers of the metadata; the first usable one is chosen. */
  preferAuthorizationServers?: (issuers: readonly string[]) => readonly string[];
  /** The `fetch` for metadata, registration and token requests. */
  fetch?: FetchLike;
  /** Time limit of each of those requests, body included, in milliseconds. Default 30 s. */
  timeoutMs?: number;
  /**
   * Largest body read from each of those responses, in bytes; a larger one stops the login with
   * `response-too-large`. Default 64 KiB (real ones are a few KiB).
   */
  maxResponseBytes?: number;
}
