import { describe, expect, it } from 'vitest';
import { InvalidTokenError, type TokenVerifier, tokenAuthenticator } from '../src/server/index.js';
import { challengeParams } from './helpers/protected.js';

const request = (authorization?: string) => ({
  method: 'POST',
  url: 'http://localhost:3000/mcp',
  headers: new Headers(authorization === undefined ? {} : { authorization }),
});

const sessions: TokenVerifier = {
  async verify(token) {
    if (token === 'session-1') return { principal: 'u1', scopes: ['a'], claims: { tenant: 't1' } };
    if (token === 'stale') return { principal: 'u2', scopes: [], claims: {}, expiresAt: Date.now() - 1 };
    if (token === 'crash') throw new Error('database password is hunter2');
    throw new InvalidTokenError('unknown session');
  },
};

describe('tokenAuthenticator with a custom verifier', () => {
  it('turns a verified token into ctx.auth: principal, scopes, token, claims', async () => {
    const auth = await tokenAuthenticator({ verifier: sessions })(request('Bearer session-1'));
    expect(auth).toEqual({
      principal: 'u1',
      scopes: ['a'],
      token: 'session-1',
      extra: { claims: { tenant: 't1' } },
    });
  });

  it('A-7: a refusal is 401 invalid_token with the verifier’s reason; other errors leak nothing', async () => {
    const check = tokenAuthenticator({ verifier: sessions, resourceMetadataUrl: 'https://rs/.well-known/x' });
    const unknown = (await check(request('Bearer nope'))) as Response;
    expect(unknown.status).toBe(401);
    expect(challengeParams(unknown.headers.get('www-authenticate'))).toMatchObject({
      error: 'invalid_token',
      error_description: 'unknown session',
      resource_metadata: 'https://rs/.well-known/x',
    });
    const crash = (await check(request('Bearer crash'))) as Response;
    expect(crash.status).toBe(401);
    expect(crash.headers.get('www-authenticate')).not.toContain('hunter2');
    expect(await crash.text()).not.toContain('hunter2');
  });

  it('A-7: a token the verifier passes but that has expired is still 401', async () => {
    const response = (await tokenAuthenticator({ verifier: sessions })(request('Bearer stale'))) as Response;
    expect(challengeParams(response.headers.get('www-authenticate')).error_description).toMatch(/expired/);
  });

  it('optional lets anonymous requests through but still checks a token that is sent', async () => {
    const check = tokenAuthenticator({ verifier: sessions, optional: true });
    expect(await check(request())).toBeUndefined();
    expect(((await check(request('Bearer nope'))) as Response).status).toBe(401);
  });

  it('A-9: a header of another scheme is challenged like none: 401 without an error', async () => {
    const response = (await tokenAuthenticator({ verifier: sessions })(
      request('Basic dXNlcjpwYXNz'),
    )) as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('A-9: a malformed bearer header (no token, two tokens) is 400 invalid_request', async () => {
    for (const header of ['Bearer', 'Bearer a b', 'DPoP ']) {
      const response = (await tokenAuthenticator({ verifier: sessions })(request(header))) as Response;
      expect(response.status).toBe(400);
      expect(challengeParams(response.headers.get('www-authenticate')).error).toBe('invalid_request');
    }
  });
});
