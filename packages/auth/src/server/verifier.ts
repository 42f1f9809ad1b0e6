import { canonicalResourceUri } from './resource-metadata.js';
import { scopesOfClaims } from './scopes.js';

/** A verified access token: who holds it and what it grants. */
export interface VerifiedToken {
  /** The subject (`sub`), else the client (`client_id`): bound into `requestState` and handles. */
  principal: string;
  /** The scopes granted. */
  scopes: readonly string[];
  /** Expiry, in milliseconds since the epoch. */
  expiresAt?: number;
  /** The OAuth client the token was issued to. */
  clientId?: string;
  /** The token's claims (or introspection response), for the application. */
  claims: Readonly<Record<string, unknown>>;
  /** The JWK SHA-256 thumbprint the token is bound to (`cnf.jkt`, RFC 9449), if it is DPoP-bound. */
  dpopJkt?: string;
}

/** Why a token was refused: the text of the 401's `error_description`. */
export class InvalidTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

/**
 * Checks an access token: signature or introspection, issuer, expiry and audience equal to this
 * server. Throw `InvalidTokenError` (or anything) for a token that is not valid here;
 * the caller answers 401 `invalid_token`. Implement it for another token format.
 *
 * @example
 * ```ts
 * const verifier: TokenVerifier = {
 *   async verify(token) {
 *     const session = await sessions.get(token);
 *     if (!session) throw new InvalidTokenError('unknown token');
 *     return { principal: session.userId, scopes: session.scopes, claims: {} };
 *   },
 * };
 * ```
 */
export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

/** The `cnf.jkt` of a claims set, when it has one (RFC 9449 §6.1). */
function confirmationThumbprint(claims: Readonly<Record<string, unknown>>): string | undefined {
  const cnf = claims.cnf;
  if (typeof cnf !== 'object' || cnf === null) return undefined;
  const jkt = (cnf as Record<string, unknown>).jkt;
  return typeof jkt === 'string' ? jkt : undefined;
}

/** The principal of a claims set: `sub`, else `client_id`; `undefined` when it has neither. */
function principalOf(claims: Readonly<Record<string, unknown>>): string | undefined {
  if (typeof claims.sub === 'string' && claims.sub.length > 0) return claims.sub;
  return typeof claims.client_id === 'string' && claims.client_id.length > 0 ? claims.client_id : undefined;
}

/** A verified token from checked claims; throws `InvalidTokenError` when they name nobody. */
export function verifiedToken(claims: Readonly<Record<string, unknown>>): VerifiedToken {
  const principal = principalOf(claims);
  if (principal === undefined) throw new InvalidTokenError('The access token names no subject or client');
  const verified: VerifiedToken = { principal, scopes: scopesOfClaims(claims), claims };
  if (typeof claims.exp === 'number') verified.expiresAt = claims.exp * 1000;
  if (typeof claims.client_id === 'string') verified.clientId = claims.client_id;
  const jkt = confirmationThumbprint(claims);
  if (jkt !== undefined) verified.dpopJkt = jkt;
  return verified;
}

/** Whether an `aud` claim (a string or an array, RFC 7519) names `resource`, compared in canonical form. */
function namesResource(aud: unknown, resource: string): boolean {
  const audiences = Array.isArray(aud) ? aud : [aud];
  return audiences.some((value) => {
    if (typeof value !== 'string') return false;
    try {
      return canonicalResourceUri(value) === resource;
    } catch {
      return false; // not a URL, so not this resource
    }
  });
}

/**
 * `verifier`, with one more check on every token it accepts: when its claims carry an `aud`, it
 * must name `resource` (this server's canonical URI, RFC 8707, A-7, A-8), whatever audiences the
 * verifier was configured with. So a verifier shared with other resources, or configured with the
 * wrong audience, never lets in a token issued for another server.
 */
export function audienceBound(verifier: TokenVerifier, resource: string): TokenVerifier {
  return {
    async verify(token) {
      const verified = await verifier.verify(token);
      if ('aud' in verified.claims && !namesResource(verified.claims.aud, resource)) {
        throw new InvalidTokenError('The access token was issued for another resource');
      }
      return verified;
    },
  };
}
