import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

export const RESOURCE = 'http://localhost:3000/mcp';
export const METADATA_URL = 'http://localhost:3000/.well-known/oauth-protected-resource/mcp';

/** How the fake issuer's JWKS endpoint behaves. */
export type JwksMode = 'ok' | 'hang' | 'garbage';

/** A key pair with its public JWK, as an authorization server holds it. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function signingKey(kid: string, alg = 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, privateKey, publicJwk };
}

/**
 * A JWKS endpoint on loopback, standing in for an authorization server's `jwks_uri`, whose
 * behaviour the attack tests change (hang, garbage), and a token minter with its keys.
 */
export class FakeIssuer {
  mode: JwksMode = 'ok';
  fetches = 0;
  keys: SigningKey[] = [];
  private server: Server | undefined;
  readonly hanging: Array<() => void> = [];
  issuer = '';
  jwksUri = '';

  async start(): Promise<this> {
    this.keys = [await signingKey('k1')];
    this.server = createServer((request, response) => {
      this.fetches++;
      if (this.mode === 'hang') {
        this.hanging.push(() => response.destroy());
        return;
      }
      response.setHeader('content-type', 'application/json');
      if (this.mode === 'garbage') {
        response.end('{"keys": [ this is not json');
        return;
      }
      response.end(JSON.stringify({ keys: this.keys.map((key) => key.publicJwk) }));
      void request;
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.issuer = `http://127.0.0.1:${port}`;
    this.jwksUri = `${this.issuer}/jwks`;
    return this;
  }

  async stop(): Promise<void> {
    for (const release of this.hanging.splice(0)) release();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** A signed access token: valid for RESOURCE for an hour unless `claims` say otherwise. */
  async token(
    claims: JWTPayload = {},
    key: SigningKey = this.keys[0]!,
    header: Record<string, unknown> = {},
  ) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: this.issuer,
      aud: RESOURCE,
      sub: 'alice',
      client_id: 'client-1',
      scope: 'mcp:tools',
      iat: now,
      exp: now + 3600,
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt', ...header })
      .sign(key.privateKey);
  }
}

const encoder = new TextEncoder();

export function base64url(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? encoder.encode(bytes) : bytes;
  return Buffer.from(data).toString('base64url');
}

/** An unsigned `alg: none` JWT with the given claims. */
export function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.`;
}

/** An HS256 JWT whose HMAC key is the text of a public JWK: the classic key-confusion attack. */
export async function hmacWithPublicKey(claims: Record<string, unknown>, publicJwk: JWK, kid: string) {
  const secret = encoder.encode(JSON.stringify(publicJwk));
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid }).sign(secret);
}
