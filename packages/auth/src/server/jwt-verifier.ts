import { createRemoteJWKSet, customFetch, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { boundedFetch, byteLimit, ResponseTooLargeError } from '../shared/bounded-body.js';
import { InvalidTokenError, type TokenVerifier, verifiedToken } from './verifier.js';

/** Asymmetric algorithms only: an HMAC token "signed" with a public key can never verify. */
export const DEFAULT_JWT_ALGORITHMS: readonly string[] = Object.freeze([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]);
const SYMMETRIC = /^HS/;

/** Options of `jwtVerifier`. */
export interface JwtVerifierOptions {
  /** The authorization server's issuer identifier; the token's `iss` must equal it. */
  issuer: string;
  /** The audience a token must name: this server's canonical resource URI (RFC 8707, A-7, A-8). */
  audience: string | readonly string[];
  /** The issuer's JWKS URL (`jwks_uri` of its metadata); fetched, cached and refreshed on rotation. */
  jwksUri?: string | URL;
  /** A key set of your own instead of `jwksUri` (e.g. jose's `createLocalJWKSet`). */
  keys?: JWTVerifyGetKey;
  /** Accepted signature algorithms: asymmetric only (default `DEFAULT_JWT_ALGORITHMS`); `HS*` throws. */
  algorithms?: readonly string[];
  /** Leeway for `exp`, `nbf` and `iat`, in seconds (default 10). */
  clockToleranceSec?: number;
  /** Longest wait for the JWKS, body included, in ms (default 3000); a slow one makes the token invalid. */
  jwksTimeoutMs?: number;
  /**
   * Largest JWKS read, in bytes (default 256 KiB: dozens of keys even with certificate chains);
   * a larger one is not read further and the token is invalid.
   */
  jwksMaxBytes?: number;
  /** Least time between two JWKS fetches, in ms (default 30 000), e.g. for an unknown `kid`. */
  jwksCooldownMs?: number;
  /** How long a fetched JWKS is used before it is fetched again, in ms (default 10 minutes). */
  jwksMaxAgeMs?: number;
  /** Required `typ` header, e.g. `at+jwt` (RFC 9068); default: any. */
  typ?: string;
}

/**
 * Verifies JWT access tokens against the issuer's JWKS (with `jose`): signature with an
 * allowed asymmetric algorithm, `iss`, `aud` equal to this server, `exp` (required)
 * and `nbf` with a small leeway. Scopes come from `scope` (RFC 9068) or `scp`.
 *
 * @example
 * ```ts
 * const verifier = jwtVerifier({
 *   issuer: 'https://auth.example.com',
 *   jwksUri: 'https://auth.example.com/jwks',
 *   audience: 'https://mcp.example.com/mcp',
 * });
 * ```
 */
export function jwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const algorithms = [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)];
  if (algorithms.length === 0 || algorithms.some((alg) => SYMMETRIC.test(alg) || alg === 'none')) {
    throw new TypeError('algorithms must be asymmetric signature algorithms (no HS*, no none)');
  }
  const keys = options.keys ?? remoteKeys(options);
  const verifyOptions = {
    issuer: options.issuer,
    audience: typeof options.audience === 'string' ? options.audience : [...options.audience],
    algorithms,
    clockTolerance: options.clockToleranceSec ?? 10,
    requiredClaims: ['exp'],
    ...(options.typ === undefined ? {} : { typ: options.typ }),
  };
  return {
    async verify(token) {
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(token, keys, verifyOptions));
      } catch (error) {
        throw new InvalidTokenError(reasonOf(error), { cause: error });
      }
      return verifiedToken(claims);
    },
  };
}

function remoteKeys(options: JwtVerifierOptions): JWTVerifyGetKey {
  if (options.jwksUri === undefined) throw new TypeError('jwtVerifier needs jwksUri or keys');
  return createRemoteJWKSet(new URL(options.jwksUri), {
    [customFetch]: boundedFetch((input, init) => globalThis.fetch(input, init), {
      what: 'JWKS',
      limit: byteLimit(options.jwksMaxBytes, 256 * 1024, 'jwksMaxBytes'),
      option: 'jwksMaxBytes',
    }),
    timeoutDuration: options.jwksTimeoutMs ?? 3000,
    cooldownDuration: options.jwksCooldownMs ?? 30_000,
    cacheMaxAge: options.jwksMaxAgeMs ?? 600_000,
  });
}

/** A description safe to send: the kind of failure, never key material or the token. */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'The access token is not yet valid';
    if (error.claim === 'aud') return 'The access token was issued for another resource';
    if (error.claim === 'iss') return 'The access token was issued by another authorization server';
    return `The access token's ${error.claim} claim is invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'The access token is signed with an algorithm not accepted';
  if (error instanceof errors.JWKSNoMatchingKey) return 'The access token is signed with an unknown key';
  if (error instanceof errors.JWKSTimeout) return 'The signing keys could not be fetched in time';
  if (error instanceof ResponseTooLargeError) return 'The signing keys could not be fetched';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The access token signature is invalid';
  return 'The access token is invalid';
}
