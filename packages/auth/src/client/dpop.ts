import { calculateJwkThumbprint, exportJWK, type JWK, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';

const ALGORITHM = 'ES256';

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The JWS algorithm of a signing key: ES256/384/512 by curve, RS256, PS256 or EdDSA. */
function jwsAlgorithm(key: CryptoKey): string {
  const algorithm = key.algorithm as { name: string; namedCurve?: string };
  switch (algorithm.name) {
    case 'ECDSA':
      return `ES${algorithm.namedCurve?.slice(2) ?? '256'}`;
    case 'RSASSA-PKCS1-v1_5':
      return 'RS256';
    case 'RSA-PSS':
      return 'PS256';
    default:
      return 'EdDSA';
  }
}

/**
 * One DPoP key (RFC 9449) and what goes with it: proofs for token requests (oauth4webapi's handle,
 * which also keeps the authorization server's nonces) and for each request to the MCP server, with
 * the nonces MCP servers ask for (§9). Every proof is new: its own `jti` and `iat`.
 */
export class DpopKey {
  readonly #keyPair: CryptoKeyPair;
  readonly #publicJwk: Record<string, unknown>;
  /** The key's JWK thumbprint (RFC 7638), what bound tokens name in `cnf.jkt`. */
  readonly thumbprint: string;
  readonly #resourceNonces = new Map<string, string>();
  #handle: oauth.DPoPHandle | undefined;

  private constructor(keyPair: CryptoKeyPair, publicJwk: Record<string, unknown>, thumbprint: string) {
    this.#keyPair = keyPair;
    this.#publicJwk = publicJwk;
    this.thumbprint = thumbprint;
  }

  /** A key from `keyPair` (its public key must be extractable), else a new ES256 key. */
  static async create(keyPair?: CryptoKeyPair): Promise<DpopKey> {
    const pair = keyPair ?? (await oauth.generateKeyPair(ALGORITHM));
    const { kty, crv, x, y, n, e } = await exportJWK(pair.publicKey);
    const jwk = Object.fromEntries(
      Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined),
    );
    return new DpopKey(pair, jwk, await calculateJwkThumbprint(jwk as JWK));
  }

  /** The handle oauth4webapi signs token-request proofs with. */
  tokenRequests(): oauth.DPoPHandle {
    this.#handle ??= oauth.DPoP({}, this.#keyPair);
    return this.#handle;
  }

  /** Keeps the nonce an MCP server sent (`DPoP-Nonce`) for the next proofs to its origin. */
  rememberNonce(url: string, nonce: string): boolean {
    const origin = new URL(url).origin;
    if (this.#resourceNonces.get(origin) === nonce) return false;
    this.#resourceNonces.set(origin, nonce);
    return true;
  }

  /** A fresh proof for one request to the MCP server, bound to `accessToken` by `ath`. */
  async proof(method: string, url: string, accessToken: string): Promise<string> {
    const target = new URL(url);
    const ath = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken)));
    const nonce = this.#resourceNonces.get(target.origin);
    const alg = jwsAlgorithm(this.#keyPair.privateKey);
    return new SignJWT({
      htm: method,
      htu: `${target.origin}${target.pathname}`,
      ath,
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ alg, typ: 'dpop+jwt', jwk: this.#publicJwk })
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .sign(this.#keyPair.privateKey);
  }
}
