import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerifier, MemoryReplayStore, tokenAuthenticator } from '../src/server/index.js';
import { tokenDigest } from '../src/server/token-cache.js';
import { FakeIssuer, RESOURCE } from './helpers/issuer.js';
import { challengeParams } from './helpers/protected.js';

const issuer = new FakeIssuer();
let holder: { privateKey: CryptoKey; jwk: JWK; jkt: string };
beforeAll(async () => {
  await issuer.start();
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  holder = { privateKey, jwk, jkt: await calculateJwkThumbprint(jwk, 'sha256') };
});
afterAll(() => issuer.stop());

function authenticator(allowBearer = true) {
  return tokenAuthenticator({
    verifier: jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: RESOURCE }),
    dpop: { replayStore: new MemoryReplayStore(), allowBearer },
  });
}

interface ProofClaims {
  htm?: string;
  htu?: string;
  iat?: number;
  jti?: string;
  ath?: string;
}

async function proof(token: string, claims: ProofClaims = {}, header: Record<string, unknown> = {}) {
  return new SignJWT({
    htm: 'POST',
    htu: RESOURCE,
    iat: Math.floor(Date.now() / 1000),
    jti: crypto.randomUUID(),
    ath: await tokenDigest(token),
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: holder.jwk, ...header })
    .sign(holder.privateKey);
}

function request(authorization: string, dpop?: string) {
  const headers = new Headers({ authorization });
  if (dpop !== undefined) headers.set('dpop', dpop);
  return { method: 'POST', url: `${RESOURCE}?ignored=1`, headers };
}

const bound = () => issuer.token({ cnf: { jkt: holder.jkt } });

async function refusal(result: Promise<unknown>, error = 'invalid_dpop_proof') {
  const response = (await result) as Response;
  expect(response).toBeInstanceOf(Response);
  expect(response.status).toBe(401);
  const header = response.headers.get('www-authenticate')!;
  expect(header).toContain('DPoP ');
  expect(challengeParams(header).error).toBe(error);
}

describe('DPoP-bound tokens (RFC 9449)', () => {
  it('a bound token with a valid proof is accepted, its binding in ctx.auth', async () => {
    const token = await bound();
    const auth = await authenticator()(request(`DPoP ${token}`, await proof(token)));
    expect(auth).toMatchObject({ principal: 'alice', extra: { dpopJkt: holder.jkt } });
  });

  it('a replayed proof is refused within its window', async () => {
    const check = authenticator();
    const token = await bound();
    const once = await proof(token);
    expect(await check(request(`DPoP ${token}`, once))).not.toBeInstanceOf(Response);
    await refusal(check(request(`DPoP ${token}`, once)));
    expect(await check(request(`DPoP ${token}`, await proof(token)))).not.toBeInstanceOf(Response);
  });

  it('a proof for another method, URL or token, too old, or from the future is refused', async () => {
    const check = authenticator();
    const token = await bound();
    const now = Math.floor(Date.now() / 1000);
    for (const claims of [
      { htm: 'GET' },
      { htu: 'http://localhost:3000/other' },
      { ath: await tokenDigest('another token') },
      { iat: now - 600 },
      { iat: now + 600 },
      { jti: '' },
    ]) {
      await refusal(check(request(`DPoP ${token}`, await proof(token, claims))));
    }
  });

  it('a proof signed by another key than the bound one is refused', async () => {
    const token = await issuer.token({ cnf: { jkt: 'someone-else' } });
    await refusal(authenticator()(request(`DPoP ${token}`, await proof(token))));
  });

  it('a proof with the wrong typ, no proof, or two proofs is refused', async () => {
    const token = await bound();
    const check = authenticator();
    await refusal(check(request(`DPoP ${token}`, await proof(token, {}, { typ: 'JWT' }))));
    await refusal(check(request(`DPoP ${token}`)));
    const two = `${await proof(token)}, ${await proof(token)}`;
    await refusal(check(request(`DPoP ${token}`, two)));
  });

  it('a bound token sent as a bearer token is refused; an unbound one under DPoP too', async () => {
    await refusal(authenticator()(request(`Bearer ${await bound()}`)), 'invalid_token');
    const plain = await issuer.token();
    await refusal(authenticator()(request(`DPoP ${plain}`, await proof(plain))), 'invalid_token');
  });

  it('allowBearer: false refuses every bearer token', async () => {
    expect(await authenticator()(request(`Bearer ${await issuer.token()}`))).not.toBeInstanceOf(Response);
    await refusal(authenticator(false)(request(`Bearer ${await issuer.token()}`)), 'invalid_token');
  });

  it('without DPoP configured, a bound token is refused', async () => {
    const check = tokenAuthenticator({
      verifier: jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: RESOURCE }),
    });
    const response = (await check(request(`Bearer ${await bound()}`))) as Response;
    expect(response.status).toBe(401);
  });
});

describe('MemoryReplayStore', () => {
  it('claims a key once until it expires, and refuses new keys when full', () => {
    let time = 1000;
    const store = new MemoryReplayStore(2, () => time);
    expect(store.claim('a', 2000)).toBe(true);
    expect(store.claim('a', 2000)).toBe(false);
    expect(store.claim('b', 2000)).toBe(true);
    expect(store.claim('c', 2000)).toBe(false);
    time = 2001;
    expect(store.claim('a', 3000)).toBe(true);
    expect(store.claim('c', 3000)).toBe(true);
  });
});

describe('DPoP replay entries per principal (issue 31, finding 7)', () => {
  it('one principal filling its quota of replay entries does not lock out another', async () => {
    const check = tokenAuthenticator({
      verifier: jwtVerifier({ issuer: issuer.issuer, jwksUri: issuer.jwksUri, audience: RESOURCE }),
      dpop: { replayStore: new MemoryReplayStore({ maxEntries: 100, maxEntriesPerPrincipal: 3 }) },
    });
    const mallory = await issuer.token({ sub: 'mallory', cnf: { jkt: holder.jkt } });
    for (let i = 0; i < 3; i++) {
      expect(await check(request(`DPoP ${mallory}`, await proof(mallory)))).toMatchObject({
        principal: 'mallory',
      });
    }
    await refusal(check(request(`DPoP ${mallory}`, await proof(mallory))));
    const alice = await bound();
    expect(await check(request(`DPoP ${alice}`, await proof(alice)))).toMatchObject({ principal: 'alice' });
  });

  it('MemoryReplayStore counts keys per owner and frees them as they expire', () => {
    let time = 1000;
    const store = new MemoryReplayStore({ maxEntries: 10, maxEntriesPerPrincipal: 2, now: () => time });
    expect(store.claim('m1', 2000, 'mallory')).toBe(true);
    expect(store.claim('m2', 3000, 'mallory')).toBe(true);
    expect(store.claim('m3', 3000, 'mallory')).toBe(false);
    expect(store.claim('a1', 3000, 'alice')).toBe(true);
    expect(store.claim('x1', 3000)).toBe(true);
    time = 2001;
    expect(store.claim('m3', 3000, 'mallory')).toBe(true);
    expect(store.claim('m2', 3000, 'mallory')).toBe(false);
    expect(() => new MemoryReplayStore({ maxEntriesPerPrincipal: 0 })).toThrow(RangeError);
  });
});
