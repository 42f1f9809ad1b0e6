/** Why the OAuth client could not get or use credentials. */
export type OAuthClientErrorCode =
  /** No Protected Resource Metadata or authorization server metadata could be found or used. */
  | 'discovery-failed'
  /** The Protected Resource Metadata names another resource than the server being reached (RFC 9728 §3.3). */
  | 'resource-mismatch'
  /** The authorization server does not advertise PKCE with S256. */
  | 'pkce-unsupported'
  /** No client identity could be obtained: none pre-registered, no CIMD, no registration endpoint. */
  | 'no-client-identity'
  /** Pre-registered credentials belong to another authorization server than the one in use. */
  | 'credentials-bound-elsewhere'
  /** Dynamic Client Registration was refused. */
  | 'registration-failed'
  /** The authorization response failed validation: `iss`, `state` or an error from the server. */
  | 'authorization-failed'
  /** The token endpoint refused the request or answered something unusable. */
  | 'token-request-failed'
  /** A metadata, registration or token response was larger than `maxResponseBytes`; it was not read. */
  | 'response-too-large'
  /** The options cannot work, e.g. an authorization code flow without `authorize`. */
  | 'misconfigured';

/**
 * A failure of the OAuth client, with a stable `code`. Its message never contains a token, a
 * secret or, after an `iss` mismatch, anything the authorization response said.
 */
export class OAuthClientError extends Error {
  override name = 'OAuthClientError';
  readonly code: OAuthClientErrorCode;

  constructor(code: OAuthClientErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
