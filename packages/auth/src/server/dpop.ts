import { calculateJwkThumbprint, EmbeddedJWK, type JWK, jwtVerify } from 'jose';
import { MemoryReplayStore, type ReplayStore } from './replay-store.js';
import { tokenDigest } from './token-cache.js';

/** Options for DPoP-bound access tokens (RFC 9449). */
export interface DpopOptions {
  /** Signature algorithms accepted for proofs (default `ES256`, `RS256`, `PS256`, `EdDSA`, `Ed25519`). */
  algorithms?: readonly string[];
  /** How old a proof's `iat` may be, in seconds (default 60). */
  maxAgeSec?: number;
  /** Leeway for a proof's `iat` in the future, in seconds (default 5). */
  clockToleranceSec?: number;
  /** Where proof `jti`s are remembered to refuse replays (default an in-process `MemoryReplayStore`). */
  replayStore?: ReplayStore;
  /** Accept bearer tokens without a binding too (default `true`); `false` requires DPoP for every token. */
  allowBearer?: boolean;
}

/** `DpopOptions` with defaults applied. */
export interface DpopPolicy {
  readonly algorithms: readonly string[];
  readonly maxAgeSec: number;
  readonly clockToleranceSec: number;
  readonly replayStore: ReplayStore;
  readonly allowBearer: boolean;
}

export const DEFAULT_DPOP_ALGORITHMS: readonly string[] = Object.freeze([
  'ES256',
  'RS256',
  'PS256',
  'EdDSA',
  'Ed25519',
]);

export function dpopPolicy(options: DpopOptions): DpopPolicy {
  return {
    algorithms: options.algorithms ?? DEFAULT_DPOP_ALGORITHMS,
    maxAgeSec: options.maxAgeSec ?? 60,
    clockToleranceSec: options.clockToleranceSec ?? 5,
    replayStore: options.replayStore ?? new MemoryReplayStore(),
    allowBearer: options.allowBearer ?? true,
  };
}

/** What a proof is checked against. */
export interface ProofTarget {
  /** The HTTP method of the request. */
  method: string;
  /** The request URL; its query and fragment are ignored (RFC 9449 §4.3). */
  url: string;
  /** The access token the proof must hash (`ath`). */
  accessToken: string;
  /** The `cnf.jkt` the access token is bound to. */
  jkt: string;
  /** The token's principal: the replay store's quota counts per principal. */
  principal?: string;
}

/** `htu` and the request URL compared without query and fragment, scheme and host case-insensitive. */
function sameTarget(htu: unknown, url: string): boolean {
  if (typeof htu !== 'string') return false;
  try {
    const proof = new URL(htu);
    const actual = new URL(url);
    return proof.origin === actual.origin && proof.pathname === actual.pathname;
  } catch {
    return false;
  }
}

/**
 * Checks a DPoP proof for a request (RFC 9449 §4.3, §7): a `dpop+jwt` signed with an accepted
 * algorithm by the public key in its header, `htm` and `htu` naming this request, `iat` within
 * the window, `ath` hashing the access token, the key's thumbprint equal to the token's
 * `cnf.jkt`, and a `jti` never seen within the window. Returns why it fails, or `undefined`.
 */
export async function checkDpopProof(
  proof: string,
  target: ProofTarget,
  policy: DpopPolicy,
): Promise<string | undefined> {
  let payload: Record<string, unknown>;
  let jwk: JWK;
  try {
    const verified = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'dpop+jwt',
      algorithms: [...policy.algorithms],
    });
    payload = verified.payload;
    jwk = verified.protectedHeader.jwk as JWK;
  } catch {
    return 'The DPoP proof is not a valid signed dpop+jwt';
  }
  if (payload.htm !== target.method) return 'The DPoP proof is for another method';
  if (!sameTarget(payload.htu, target.url)) return 'The DPoP proof is for another URL';
  const now = Date.now() / 1000;
  const { iat, jti } = payload;
  if (typeof iat !== 'number' || iat > now + policy.clockToleranceSec || iat < now - policy.maxAgeSec) {
    return 'The DPoP proof is too old or from the future';
  }
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 256)
    return 'The DPoP proof has no valid jti';
  if (payload.ath !== (await tokenDigest(target.accessToken)))
    return 'The DPoP proof is for another access token';
  if ((await calculateJwkThumbprint(jwk, 'sha256')) !== target.jkt) {
    return 'The DPoP proof is signed with another key than the token is bound to';
  }
  const expiresAt = (iat + policy.maxAgeSec + policy.clockToleranceSec) * 1000;
  if (!(await policy.replayStore.claim(`${target.jkt}:${jti}`, expiresAt, target.principal))) {
    return 'The DPoP proof was replayed, or too many recent proofs are held for this caller; send a new proof later';
  }
  return undefined;
}
