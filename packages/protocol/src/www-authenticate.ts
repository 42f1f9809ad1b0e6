/** The OAuth error of a challenge (RFC 6750 §3.1, RFC 9449 §7.1). */
export type ChallengeError =
  | 'invalid_request'
  | 'invalid_token'
  | 'insufficient_scope'
  | 'invalid_dpop_proof';

/** What a `WWW-Authenticate` challenge says. */
export interface Challenge {
  error?: ChallengeError;
  description?: string;
  /** Every scope the operation needs; `offline_access` is left out by the caller. */
  scopes?: readonly string[];
  /** The Protected Resource Metadata URL. */
  resourceMetadata?: string;
  /** DPoP algorithms accepted, when DPoP-bound tokens are; adds a `DPoP` challenge (RFC 9449 §7.1). */
  dpopAlgorithms?: readonly string[];
  /** The scheme of the request's `Authorization` header, whose challenge carries the error. */
  scheme?: 'Bearer' | 'DPoP';
}

/**
 * An RFC 9110 quoted-string: control characters become spaces (a header value cannot carry them,
 * and a line break would end the header), then a backslash goes before `"` and `\`.
 */
function quotedString(value: string): string {
  return `"${value.replace(/[\p{Cc}]/gu, ' ').replace(/["\\]/g, '\\$&')}"`;
}

function scheme(name: string, params: string[]): string {
  return params.length === 0 ? name : `${name} ${params.join(', ')}`;
}

/**
 * The `WWW-Authenticate` value for a challenge: a `Bearer` challenge with `scope` and
 * `resource_metadata`, then, when DPoP is on, a `DPoP` one with `algs`. `error` and
 * `error_description` go on the challenge of the scheme the request used (`scheme`).
 *
 * @example
 * ```ts
 * wwwAuthenticate({ error: 'insufficient_scope', scopes: ['files:write'], resourceMetadata: url });
 * // Bearer error="insufficient_scope", scope="files:write", resource_metadata="https://…"
 * ```
 */
export function wwwAuthenticate(challenge: Challenge): string {
  const error: string[] = [];
  if (challenge.error !== undefined) error.push(`error=${quotedString(challenge.error)}`);
  if (challenge.description !== undefined)
    error.push(`error_description=${quotedString(challenge.description)}`);
  const common: string[] = [];
  if (challenge.scopes !== undefined && challenge.scopes.length > 0) {
    common.push(`scope=${quotedString(challenge.scopes.join(' '))}`);
  }
  if (challenge.resourceMetadata !== undefined) {
    common.push(`resource_metadata=${quotedString(challenge.resourceMetadata)}`);
  }
  const onDpop = challenge.scheme === 'DPoP' && challenge.dpopAlgorithms !== undefined;
  const bearer = scheme('Bearer', onDpop ? common : [...error, ...common]);
  if (challenge.dpopAlgorithms === undefined) return bearer;
  const algs = `algs=${quotedString(challenge.dpopAlgorithms.join(' '))}`;
  return `${bearer}, ${scheme('DPoP', onDpop ? [...error, algs, ...common] : [algs, ...common])}`;
}

/** The status a challenge is sent with: 400 malformed, 403 insufficient scope, else 401. */
export function challengeStatus(error: ChallengeError | undefined): 400 | 401 | 403 {
  if (error === 'invalid_request') return 400;
  return error === 'insufficient_scope' ? 403 : 401;
}

const AUTHORIZATION = /^(Bearer|DPoP)[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;
const TOKEN_SCHEMES = /^(Bearer|DPoP)(\s|$)/i;

/** What an `Authorization` header carries for a resource server (RFC 6750 §2.1, RFC 9449 §7.1). */
export type AuthorizationToken =
  | { kind: 'token'; scheme: 'Bearer' | 'DPoP'; token: string }
  /** A `Bearer` or `DPoP` header whose token is not a token68: 400 `invalid_request`. */
  | { kind: 'malformed' }
  /** Another scheme (`Basic`): no token for a resource server, challenged like no header. */
  | { kind: 'other' };

/** Reads an `Authorization` header's access token. */
export function readAuthorization(header: string): AuthorizationToken {
  const match = AUTHORIZATION.exec(header);
  if (match !== null) {
    const scheme = match[1]!.toLowerCase() === 'dpop' ? 'DPoP' : 'Bearer';
    return { kind: 'token', scheme, token: match[2]! };
  }
  return TOKEN_SCHEMES.test(header) ? { kind: 'malformed' } : { kind: 'other' };
}
