import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidTokenError, jwtVerifier } from '../src/server/index.js';
import { FakeIssuer, hmacWithPublicKey, RESOURCE, signingKey, unsignedToken } from './helpers/issuer.js';

const issuer = new FakeIssuer();
beforeAll(() => issuer.start());
afterAll(() => issuer.stop());
beforeEach(() => {
  issuer.mode = 'ok';
});

function verifier(extra: Partial<Parameters<typeof jwtVerifier>[0]> = {}) {
  return jwtVerifier({
    issuer: issuer.issuer,
    jwksUri: issuer.jwksUri,
    audience: RESOURCE,
    jwksTimeoutMs: 5000,
    jwksCooldownMs: 0,
    ...extra,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return (error as Error).message;
}

const now = () => Math.floor(Date.now() / 1000);

describe('jwtVerifier', () => {
  it('A-7: a valid token gives its principal, scopes, client, expiry and claims', async () => {
    const token = await issuer.token({ scope: 'mcp:tools files:read' });
    const verified = await verifier().verify(token);
    expect(verified).toMatchObject({
      principal: 'alice',
      scopes: ['mcp:tools', 'files:read'],
      clientId: 'client-1',
      claims: { iss: issuer.issuer, aud: RESOURCE },
    });
    expect(verified.expiresAt).toBeGreaterThan(Date.now());
  });

  it('A-7: an expired token is refused, within a small leeway only', async () => {
    expect(await refusal(verifier().verify(await issuer.token({ exp: now() - 3600 })))).toMatch(/expired/);
    await expect(verifier().verify(await issuer.token({ exp: now() - 2 }))).resolves.toBeDefined();
    const strict = verifier({ clockToleranceSec: 0 });
    expect(await refusal(strict.verify(await issuer.token({ exp: now() - 2 })))).toMatch(/expired/);
  });

  it('A-7: a token that is not yet valid (nbf) is refused', async () => {
    expect(await refusal(verifier().verify(await issuer.token({ nbf: now() + 3600 })))).toMatch(
      /not yet valid/,
    );
  });

  it('A-7, A-8: a token for another audience is refused', async () => {
    const token = await issuer.token({ aud: 'http://localhost:3000/other' });
    expect(await refusal(verifier().verify(token))).toMatch(/another resource/);
    const noAudience = await issuer.token({ aud: undefined });
    await refusal(verifier().verify(noAudience));
  });

  it('A-8: a token from another issuer is refused', async () => {
    const token = await issuer.token({ iss: 'http://127.0.0.1:1/evil' });
    expect(await refusal(verifier().verify(token))).toMatch(/another authorization server/);
  });

  it('alg none is refused', async () => {
    const token = unsignedToken({ iss: issuer.issuer, aud: RESOURCE, sub: 'mallory', exp: now() + 60 });
    await refusal(verifier().verify(token));
  });

  it('an HMAC token signed with the public key is refused, and HS* cannot be allowed', async () => {
    const key = issuer.keys[0]!;
    const claims = { iss: issuer.issuer, aud: RESOURCE, sub: 'mallory', scope: 'mcp:tools', exp: now() + 60 };
    const token = await hmacWithPublicKey(claims, key.publicJwk, key.kid);
    expect(await refusal(verifier().verify(token))).toMatch(/algorithm/);
    expect(() => verifier({ algorithms: ['HS256'] })).toThrow(TypeError);
    expect(() => verifier({ algorithms: ['none'] })).toThrow(TypeError);
  });

  it('a key id not in the set is refused', async () => {
    const stranger = await signingKey('not-in-set');
    expect(await refusal(verifier().verify(await issuer.token({}, stranger)))).toMatch(/unknown key/);
  });

  it('a rotated key is picked up: an unknown kid refetches the key set', async () => {
    const check = verifier();
    await check.verify(await issuer.token());
    const rotated = await signingKey('k2');
    issuer.keys.push(rotated);
    await expect(check.verify(await issuer.token({}, rotated))).resolves.toMatchObject({
      principal: 'alice',
    });
  });

  it('a JWKS endpoint that hangs makes the token invalid after the timeout, not a hang', async () => {
    issuer.mode = 'hang';
    const token = await issuer.token();
    const started = Date.now();
    expect(await refusal(verifier({ jwksTimeoutMs: 300 }).verify(token))).toMatch(/in time/);
    // jose's own default would wait 5 s, and a hang without a timeout forever.
    expect(Date.now() - started).toBeLessThan(4500);
  });

  it('a JWKS endpoint that returns garbage makes the token invalid', async () => {
    issuer.mode = 'garbage';
    await refusal(verifier().verify(await issuer.token()));
    issuer.mode = 'ok';
    await expect(verifier().verify(await issuer.token())).resolves.toBeDefined();
  });

  it('a token without exp, or naming nobody, is refused', async () => {
    await refusal(verifier().verify(await issuer.token({ exp: undefined })));
    await refusal(verifier().verify(await issuer.token({ sub: undefined, client_id: undefined })));
  });

  it('typ can be required (RFC 9068 at+jwt)', async () => {
    const strict = verifier({ typ: 'at+jwt' });
    await expect(strict.verify(await issuer.token())).resolves.toBeDefined();
    await refusal(strict.verify(await issuer.token({}, issuer.keys[0], { typ: 'JWT' })));
  });
});
