import { describe, expect, it } from 'vitest';
import { InvalidTokenError, introspectionVerifier } from '../src/server/index.js';
import { RESOURCE } from './helpers/issuer.js';

const ENDPOINT = 'https://auth.example.com/token/introspection';

function endpoint(answers: Record<string, Record<string, unknown>>) {
  const seen: Array<{ token: string; authorization: string | null }> = [];
  const fetchStub = (async (_url: string | URL | Request, init?: RequestInit) => {
    const form = new URLSearchParams(String(init?.body));
    const token = form.get('token')!;
    seen.push({ token, authorization: new Headers(init?.headers).get('authorization') });
    return Response.json(answers[token] ?? { active: false });
  }) as typeof fetch;
  return { seen, fetchStub };
}

const exp = () => Math.floor(Date.now() / 1000) + 3600;

function verifier(fetchStub: typeof fetch, cacheTtlMs?: number) {
  return introspectionVerifier({
    endpoint: ENDPOINT,
    clientId: 'mcp server',
    clientSecret: 's3cret',
    audience: RESOURCE,
    issuer: 'https://auth.example.com',
    fetch: fetchStub,
    ...(cacheTtlMs === undefined ? {} : { cacheTtlMs }),
  });
}

describe('introspectionVerifier (RFC 7662)', () => {
  it('an active token for this resource gives its principal and scopes; the server authenticates', async () => {
    const { seen, fetchStub } = endpoint({
      good: { active: true, sub: 'alice', client_id: 'c1', scope: 'mcp:tools', aud: RESOURCE, exp: exp() },
    });
    await expect(verifier(fetchStub).verify('good')).resolves.toMatchObject({
      principal: 'alice',
      scopes: ['mcp:tools'],
      clientId: 'c1',
    });
    expect(seen[0]!.authorization).toBe(`Basic ${btoa('mcp+server:s3cret')}`);
  });

  it('A-7, A-8: inactive, expired, foreign-audience, other-issuer and audience-less tokens are refused', async () => {
    const { fetchStub } = endpoint({
      inactive: { active: false },
      expired: { active: true, sub: 'a', aud: RESOURCE, exp: 1 },
      foreign: { active: true, sub: 'a', aud: 'https://other.example.com', exp: exp() },
      otherIssuer: { active: true, sub: 'a', aud: RESOURCE, iss: 'https://evil.example.com', exp: exp() },
      noAudience: { active: true, sub: 'a', exp: exp() },
    });
    for (const token of ['inactive', 'expired', 'foreign', 'otherIssuer', 'noAudience', 'unknown']) {
      await expect(verifier(fetchStub).verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    }
  });

  it('answers are cached briefly (valid and invalid alike), keyed by a digest', async () => {
    const { seen, fetchStub } = endpoint({ good: { active: true, sub: 'a', aud: [RESOURCE], exp: exp() } });
    const check = verifier(fetchStub);
    await check.verify('good');
    await check.verify('good');
    await expect(check.verify('bad')).rejects.toThrow();
    await expect(check.verify('bad')).rejects.toThrow();
    expect(seen.map((item) => item.token)).toEqual(['good', 'bad']);
    const uncached = verifier(fetchStub, 0);
    await uncached.verify('good');
    await uncached.verify('good');
    expect(seen).toHaveLength(4);
  });

  it('an endpoint that fails or answers garbage makes the token invalid', async () => {
    const failing = (async () => {
      throw new TypeError('connection refused');
    }) as typeof fetch;
    await expect(verifier(failing).verify('x')).rejects.toBeInstanceOf(InvalidTokenError);
    const garbage = (async () => new Response('<html>', { status: 500 })) as typeof fetch;
    await expect(verifier(garbage).verify('x')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
