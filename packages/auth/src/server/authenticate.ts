import type { AuthInfo, HttpRequestInfo } from '@mcpkit/protocol';
import { type Challenge, type ChallengeError, readAuthorization } from '@mcpkit/protocol/internal';
import { challengeResponse } from './challenge.js';
import { checkDpopProof, type DpopOptions, type DpopPolicy, dpopPolicy } from './dpop.js';
import { InvalidTokenError, type TokenVerifier, type VerifiedToken } from './verifier.js';

/** The request as `@mcpkit/transport-http`'s `authenticate` hook hands it over. */
export type AuthRequest = HttpRequestInfo;

/** Options of `tokenAuthenticator`. */
export interface TokenAuthenticatorOptions {
  /** Checks each access token; see `jwtVerifier`, `introspectionVerifier`. */
  verifier: TokenVerifier;
  /** The Protected Resource Metadata URL named in every challenge. */
  resourceMetadataUrl?: string;
  /** The scopes a 401 challenge names for this request; default none. */
  challengeScopes?: (request: AuthRequest) => readonly string[];
  /** Accept DPoP-bound tokens (RFC 9449); without it a bound token is refused. */
  dpop?: DpopOptions;
  /** Let requests without an `Authorization` header through anonymously (default `false`). */
  optional?: boolean;
}

type Outcome = { ok: true; token: VerifiedToken } | { ok: false; error: ChallengeError; description: string };

/**
 * An `authenticate` hook for `@mcpkit/transport-http`: reads `Authorization: Bearer` (or
 * `DPoP`) tokens, verifies them, and answers what the spec asks: no token is 401
 * with a challenge naming the resource metadata and scopes; an invalid, expired,
 * foreign or badly bound token is 401 `invalid_token`; a malformed header is 400. A valid one
 * becomes `ctx.auth`: `principal`, `scopes`, `token`, `expiresAt`, and `extra.claims`.
 *
 * @example
 * ```ts
 * createFetchHandler(server, {
 *   authenticate: tokenAuthenticator({ verifier: jwtVerifier({ issuer, jwksUri, audience }) }),
 * });
 * ```
 */
export function tokenAuthenticator(
  options: TokenAuthenticatorOptions,
): (request: AuthRequest) => Promise<AuthInfo | Response | undefined> {
  const dpop = options.dpop === undefined ? undefined : dpopPolicy(options.dpop);
  const dpopAlgorithms = dpop?.algorithms;

  const challenge = (
    request: AuthRequest,
    scheme: Challenge['scheme'],
    error?: ChallengeError,
    description?: string,
  ) => {
    const value: Challenge = { scopes: options.challengeScopes?.(request) ?? [] };
    if (options.resourceMetadataUrl !== undefined) value.resourceMetadata = options.resourceMetadataUrl;
    if (dpopAlgorithms !== undefined) value.dpopAlgorithms = dpopAlgorithms;
    if (scheme !== undefined) value.scheme = scheme;
    if (error !== undefined) value.error = error;
    if (description !== undefined) value.description = description;
    return challengeResponse(value);
  };

  return async (request) => {
    const header = request.headers.get('authorization');
    if (header === null) return options.optional ? undefined : challenge(request, undefined);
    const read = readAuthorization(header);
    // Another scheme (Basic) carries no token for us: challenged like no header (RFC 6750 §3.1).
    if (read.kind === 'other') return options.optional ? undefined : challenge(request, undefined);
    if (read.kind === 'malformed') {
      return challenge(request, undefined, 'invalid_request', 'Malformed Authorization header');
    }
    const { scheme, token: accessToken } = read;
    const outcome = await authenticateToken(options.verifier, dpop, scheme, accessToken, request);
    if (!outcome.ok) return challenge(request, scheme, outcome.error, outcome.description);
    const { token } = outcome;
    const extra: Record<string, unknown> = { claims: token.claims };
    if (token.clientId !== undefined) extra.clientId = token.clientId;
    if (token.dpopJkt !== undefined) extra.dpopJkt = token.dpopJkt;
    const auth: AuthInfo = { principal: token.principal, scopes: token.scopes, token: accessToken, extra };
    if (token.expiresAt !== undefined) auth.expiresAt = token.expiresAt;
    return auth;
  };
}

async function authenticateToken(
  verifier: TokenVerifier,
  dpop: DpopPolicy | undefined,
  scheme: 'Bearer' | 'DPoP',
  accessToken: string,
  request: AuthRequest,
): Promise<Outcome> {
  const usesDpop = scheme === 'DPoP';
  if (usesDpop && dpop === undefined) return invalid('DPoP-bound tokens are not accepted here');
  if (!usesDpop && dpop !== undefined && !dpop.allowBearer) return invalid('This server requires DPoP');
  let token: VerifiedToken;
  try {
    token = await verifier.verify(accessToken);
  } catch (error) {
    return invalid(error instanceof InvalidTokenError ? error.message : 'The access token is invalid');
  }
  if (token.expiresAt !== undefined && token.expiresAt <= Date.now())
    return invalid('The access token expired');
  if (token.dpopJkt === undefined) {
    return usesDpop ? invalid('The access token is not DPoP-bound') : { ok: true, token };
  }
  if (!usesDpop || dpop === undefined)
    return invalid('The access token is DPoP-bound; send it with a DPoP proof');
  const proof = request.headers.get('dpop');
  // Headers joins repeated fields with ", "; a JWT has no comma, so a comma means two proofs.
  if (proof === null || proof.includes(',')) {
    return { ok: false, error: 'invalid_dpop_proof', description: 'Exactly one DPoP proof is required' };
  }
  const target = {
    method: request.method,
    url: request.url,
    accessToken,
    jkt: token.dpopJkt,
    principal: token.principal,
  };
  const problem = await checkDpopProof(proof.trim(), target, dpop);
  return problem === undefined
    ? { ok: true, token }
    : { ok: false, error: 'invalid_dpop_proof', description: problem };
}

function invalid(description: string): Outcome {
  return { ok: false, error: 'invalid_token', description };
}
