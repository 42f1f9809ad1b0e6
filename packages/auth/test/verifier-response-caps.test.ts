import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidTokenError, introspectionVerifier, jwtVerifier } from '../src/server/index.js';
import {
  type BodyProbe,
  CHUNK_BYTES,
  drippingBody,
  type Hostility,
  hostileResponse,
} from './helpers/hostile-body.js';
import { RESOURCE, type SigningKey, signingKey } from './helpers/issuer.js';

const ENDPOINT = 'https://auth.example.com/token/introspection';
const JWKS = 'https://auth.example.com/jwks';
const KINDS = ['endless', 'huge Content-Length'] as const;

function hostileFetch(kind: Hostility) {
  const probes: BodyProbe[] = [];
  const fetchStub = (async () => {
    const { response, probe } = hostileResponse(kind);
    probes.push(probe);
    return response;
  }) as typeof fetch;
  return { fetchStub, probes };
}

function expectBounded(probes: BodyProbe[], kind: Hostility, limit: number) {
  expect(probes).toHaveLength(1);
  expect(probes[0]!.pulled).toBeLessThanOrEqual(kind === 'endless' ? limit + CHUNK_BYTES : 0);
  expect(probes[0]!.cancelled).toBe(true);
}

async function refusal(promise: Promise<unknown>): Promise<InvalidTokenError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return error as InvalidTokenError;
}

function introspection(
  fetchStub: typeof fetch,
  extra: Partial<Parameters<typeof introspectionVerifier>[0]> = {},
) {
  return introspectionVerifier({
    endpoint: ENDPOINT,
    clientId: 'mcp',
    clientSecret: 'secret',
    audience: RESOURCE,
    fetch: fetchStub,
    ...extra,
  });
}

describe('introspection responses are capped (maxResponseBytes, 64 KiB)', () => {
  for (const kind of KINDS) {
    it(`${kind === 'endless' ? 'an endless' : 'a huge Content-Length'} introspection response is refused at the limit; the token is not accepted`, async () => {
      const { fetchStub, probes } = hostileFetch(kind);
      const outcome = introspection(fetchStub).verify('opaque');
      await outcome.catch(() => {});
      expectBounded(probes, kind, 64 * 1024);
      const error = await refusal(outcome);
      expect(error.message).toBe('The token could not be introspected');
      expect(String((error.cause as Error).message)).toMatch(
        /introspection response at https:\/\/auth\.example\.com\/token\/introspection .*65536 bytes/,
      );
    });
  }

  it('maxResponseBytes sets the limit; an answer within it is still judged', async () => {
    const answer = JSON.stringify({ active: true, sub: 'alice', aud: RESOURCE });
    const fetchStub = (async () => new Response(answer)) as unknown as typeof fetch;
    await expect(
      introspection(fetchStub, { maxResponseBytes: answer.length }).verify('t'),
    ).resolves.toMatchObject({
      principal: 'alice',
    });
    const error = await refusal(
      introspection(fetchStub, { maxResponseBytes: answer.length - 1 }).verify('t'),
    );
    expect(String((error.cause as Error).message)).toContain(String(answer.length - 1));
  });

  it('maxResponseBytes and jwksMaxBytes must be positive whole numbers', () => {
    for (const bytes of [0, -1, 1.5]) {
      expect(() => introspection(fetch, { maxResponseBytes: bytes })).toThrow(/maxResponseBytes/);
      expect(() =>
        jwtVerifier({
          issuer: 'https://auth.example.com',
          jwksUri: JWKS,
          audience: RESOURCE,
          jwksMaxBytes: bytes,
        }),
      ).toThrow(/jwksMaxBytes/);
    }
  });

  it('a body that drips forever is cut by timeoutMs, even through a fetch that ignores the signal', async () => {
    const { body, probe } = drippingBody();
    const fetchStub = (async () => new Response(body)) as unknown as typeof fetch;
    const started = Date.now();
    await refusal(introspection(fetchStub, { timeoutMs: 200 }).verify('opaque'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(probe.cancelled).toBe(true);
  });
});

describe('JWKS responses are capped (jwksMaxBytes, 256 KiB)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function signedToken(key?: SigningKey) {
    key ??= await signingKey('k1');
    return new SignJWT({ sub: 'alice', aud: RESOURCE, iss: 'https://auth.example.com' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid })
      .setExpirationTime('1h')
      .sign(key.privateKey);
  }

  for (const kind of KINDS) {
    it(`${kind === 'endless' ? 'an endless' : 'a huge Content-Length'} JWKS is refused at the limit; the token is not accepted`, async () => {
      const { fetchStub, probes } = hostileFetch(kind);
      vi.stubGlobal('fetch', fetchStub);
      const verifier = jwtVerifier({ issuer: 'https://auth.example.com', jwksUri: JWKS, audience: RESOURCE });
      const outcome = verifier.verify(await signedToken());
      await outcome.catch(() => {});
      expectBounded(probes, kind, 256 * 1024);
      const error = await refusal(outcome);
      expect(error.message).toBe('The signing keys could not be fetched');
      expect(String((error.cause as Error).message)).toMatch(
        /JWKS at https:\/\/auth\.example\.com\/jwks .*262144 bytes/,
      );
    });
  }

  it('jwksMaxBytes sets the limit; a key set within it still verifies', async () => {
    const key = await signingKey('k1');
    const keys = JSON.stringify({ keys: [key.publicJwk] });
    vi.stubGlobal(
      'fetch',
      async () => new Response(keys, { headers: { 'content-type': 'application/json' } }),
    );
    const verifier = (jwksMaxBytes: number) =>
      jwtVerifier({ issuer: 'https://auth.example.com', jwksUri: JWKS, audience: RESOURCE, jwksMaxBytes });
    const token = await signedToken(key);
    await expect(verifier(keys.length).verify(token)).resolves.toMatchObject({ principal: 'alice' });
    const error = await refusal(verifier(keys.length - 1).verify(token));
    expect(String((error.cause as Error).message)).toContain(String(keys.length - 1));
  });
});
