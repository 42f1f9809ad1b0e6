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

/** An RFC 9110 quoted-string: backslash before `"` and `\`; control characters cannot reach it. */
function quoted(value: string): string {
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
  if (challenge.error !== undefined) error.push(`error=${quoted(challenge.error)}`);
  if (challenge.description !== undefined) error.push(`error_description=${quoted(challenge.description)}`);
  const common: string[] = [];
  if (challenge.scopes !== undefined && challenge.scopes.length > 0) {
    common.push(`scope=${quoted(challenge.scopes.join(' '))}`);
  }
  if (challenge.resourceMetadata !== undefined) {
    common.push(`resource_metadata=${quoted(challenge.resourceMetadata)}`);
  }
  const onDpop = challenge.scheme === 'DPoP' && challenge.dpopAlgorithms !== undefined;
  const bearer = scheme('Bearer', onDpop ? common : [...error, ...common]);
  if (challenge.dpopAlgorithms === undefined) return bearer;
  const algs = `algs=${quoted(challenge.dpopAlgorithms.join(' '))}`;
  return `${bearer}, ${scheme('DPoP', onDpop ? [...error, algs, ...common] : [algs, ...common])}`;
}

/** The status a challenge is sent with: 400 malformed, 403 insufficient scope, else 401. */
export function challengeStatus(error: ChallengeError | undefined): 400 | 401 | 403 {
  if (error === 'invalid_request') return 400;
  return error === 'insufficient_scope' ? 403 : 401;
}

/** A challenge as a complete response, with a small JSON body naming the error for humans. */
export function challengeResponse(challenge: Challenge): Response {
  const status = challengeStatus(challenge.error);
  const body =
    challenge.error === undefined
      ? null
      : JSON.stringify({ error: challenge.error, error_description: challenge.description });
  const headers: Record<string, string> = { 'www-authenticate': wwwAuthenticate(challenge) };
  if (body !== null) headers['content-type'] = 'application/json';
  return new Response(body, { status, headers });
}
