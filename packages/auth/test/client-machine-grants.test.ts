import {
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  exportPKCS8,
  generateKeyPair,
  type JWK,
  jwtVerify,
} from 'jose';
import { describe, expect, it } from 'vitest';
import { importPrivateKey, MemoryTokenStore, type OAuthClientOptions, oauthClient } from '../src/index.js';
import {
  approve,
  mockFetch,
  REDIRECT,
  REQUEST,
  requestsTo,
  tokenRequests,
  unauthorized,
  type World,
  world,
} from './helpers/mock-oauth.js';

function machine(w: World, options: Partial<OAuthClientOptions>) {
  return oauthClient(w.server, { fetch: mockFetch(w), ...options });
}

describe('client credentials (A-45)', () => {
  it('with a secret: client_secret_basic, scope and resource, no user', async () => {
    const w = world();
    w.metadata = { ...w.metadata, token_endpoint_auth_methods_supported: ['client_secret_basic'] };
    const client = machine(w, {
      grant: { type: 'client_credentials' },
      client: { clientId: 'svc', clientSecret: 'sec' },
    });
    expect(await client.onUnauthorized(unauthorized(w), REQUEST)).toBe(true);
    const [body] = tokenRequests(w);
    expect(body!.get('grant_type')).toBe('client_credentials');
    expect(body!.get('resource')).toBe('https://mcp.test/mcp');
    expect(body!.get('scope')).toBe('mcp:read');
    expect(requestsTo(w, '/token')[0]!.headers.get('authorization')).toBe(`Basic ${btoa('svc:sec')}`);
    expect(requestsTo(w, '/register')).toEqual([]);
  });

  it('with private_key_jwt: a signed assertion whose iss and sub are the client and aud the issuer', async () => {
    const w = world();
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const key = await importPrivateKey(await exportPKCS8(privateKey), 'ES256');
    const client = machine(w, {
      grant: { type: 'client_credentials' },
      client: { clientId: 'svc', privateKey: key, tokenEndpointAuthMethod: 'private_key_jwt' },
    });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    const [body] = tokenRequests(w);
    expect(body!.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const { payload } = await jwtVerify(body!.get('client_assertion')!, publicKey, { audience: w.issuer });
    expect(payload).toMatchObject({ iss: 'svc', sub: 'svc' });
  });

  it('a machine grant without credentials for this server is an error, not a registration', async () => {
    const w = world();
    const client = machine(w, { grant: { type: 'client_credentials' } });
    await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toMatchObject({
      code: 'no-client-identity',
    });
    expect(requestsTo(w, '/register')).toHaveLength(0);
    expect(requestsTo(w, '/token')).toHaveLength(0);
  });
});

describe('JWT bearer grant (workload identity federation)', () => {
  it('sends the assertion once; a refusal is final: no retry, no other grant', async () => {
    const w = world();
    w.token = () => ({ status: 400, body: { error: 'invalid_grant' } });
    const client = machine(w, {
      grant: { type: 'jwt_bearer', assertion: () => 'workload.jwt.here' },
      client: { clientId: 'wl', tokenEndpointAuthMethod: 'none' },
    });
    await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toMatchObject({
      code: 'token-request-failed',
      message: expect.stringContaining('invalid_grant'),
    });
    const bodies = tokenRequests(w);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(bodies[0]!.get('assertion')).toBe('workload.jwt.here');
    expect(bodies[0]!.get('client_id')).toBe('wl');
  });
});

describe('enterprise-managed authorization', () => {
  it('exchanges the ID token at the IdP for an ID-JAG, then presents it as a JWT bearer grant', async () => {
    const w = world();
    w.metadata = { ...w.metadata, token_endpoint_auth_methods_supported: ['client_secret_basic'] };
    const idp = world({ issuer: 'https://idp.test' });
    idp.token = () => ({
      body: {
        access_token: 'id-jag',
        issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
        token_type: 'N_A',
      },
    });
    const mcp = mockFetch(w);
    const identity = mockFetch(idp);
    const client = oauthClient(w.server, {
      fetch: (input, init) =>
        String(input instanceof Request ? input.url : input).includes('idp.test')
          ? identity(input, init)
          : mcp(input, init),
      grant: {
        type: 'enterprise',
        idToken: () => 'id-token',
        identityProvider: {
          issuer: 'https://idp.test',
          tokenEndpoint: 'https://idp.test/token',
          clientId: 'idp-client',
        },
      },
      client: { clientId: 'app', clientSecret: 'app-secret' },
    });
    expect(await client.onUnauthorized(unauthorized(w), REQUEST)).toBe(true);
    const exchange = tokenRequests(idp)[0]!;
    expect(Object.fromEntries(exchange)).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'id-token',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: w.issuer,
      resource: 'https://mcp.test/mcp',
      client_id: 'idp-client',
    });
    const bearer = tokenRequests(w)[0]!;
    expect(bearer.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(bearer.get('assertion')).toBe('id-jag');
    expect(requestsTo(w, '/token')[0]!.headers.get('authorization')).toBe(`Basic ${btoa('app:app-secret')}`);
  });
});

describe('DPoP (RFC 9449)', () => {
  function dpopWorld(nonces: { as?: string; rs?: string } = {}) {
    const w = world({
      challenge: 'DPoP resource_metadata="https://mcp.test/.well-known/oauth-protected-resource/mcp"',
    });
    w.metadata = { ...w.metadata, dpop_signing_alg_values_supported: ['ES256'] };
    w.token = (_body, headers) => {
      const proof = headers.get('dpop');
      if (nonces.as && (!proof || decodeJwt(proof).nonce !== nonces.as)) {
        return { status: 400, body: { error: 'use_dpop_nonce' }, headers: { 'dpop-nonce': nonces.as } };
      }
      return { body: { access_token: 'bound-at', token_type: proof ? 'DPoP' : 'Bearer', expires_in: 3600 } };
    };
    return w;
  }

  it('auto: a proof at the token endpoint, then the DPoP scheme and a fresh proof on every request', async () => {
    const w = dpopWorld();
    const client = oauthClient(w.server, {
      fetch: mockFetch(w),
      redirectUrl: REDIRECT,
      authorize: approve(w).authorize,
    });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    const tokenProof = requestsTo(w, '/token')[0]!.headers.get('dpop')!;
    expect(decodeProtectedHeader(tokenProof).typ).toBe('dpop+jwt');
    expect(decodeJwt(tokenProof)).toMatchObject({ htm: 'POST', htu: 'https://as.test/token' });
    const first = (await client.headers(REQUEST))!;
    const second = (await client.headers(REQUEST))!;
    expect(first.authorization).toBe('DPoP bound-at');
    const claims = decodeJwt(first.dpop!);
    expect(claims).toMatchObject({ htm: 'POST', htu: 'https://mcp.test/mcp' });
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('bound-at'));
    expect(claims.ath).toBe(Buffer.from(digest).toString('base64url'));
    expect(decodeJwt(second.dpop!).jti).not.toBe(claims.jti);
    const header = decodeProtectedHeader(first.dpop!);
    expect(header.jwk).not.toHaveProperty('d');
    const tokenJwk = decodeProtectedHeader(tokenProof).jwk as JWK;
    expect(await calculateJwkThumbprint(header.jwk as JWK)).toBe(await calculateJwkThumbprint(tokenJwk));
  });

  it('the authorization server nonce: the token request is sent again with it (§8)', async () => {
    const w = dpopWorld({ as: 'as-nonce' });
    const client = oauthClient(w.server, {
      fetch: mockFetch(w),
      redirectUrl: REDIRECT,
      authorize: approve(w).authorize,
    });
    expect(await client.onUnauthorized(unauthorized(w), REQUEST)).toBe(true);
    const proofs = requestsTo(w, '/token').map((seen) => decodeJwt(seen.headers.get('dpop')!));
    expect(proofs.map((proof) => proof.nonce)).toEqual([undefined, 'as-nonce']);
    expect(proofs[0]!.jti).not.toBe(proofs[1]!.jti);
  });

  it('the MCP server nonce: retried with it once, and not again for the same nonce (§9)', async () => {
    const w = dpopWorld();
    const client = oauthClient(w.server, {
      fetch: mockFetch(w),
      redirectUrl: REDIRECT,
      authorize: approve(w).authorize,
    });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    const challenge = new Response(null, {
      status: 401,
      headers: { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': 'rs-nonce' },
    });
    expect(await client.onUnauthorized(challenge, { ...REQUEST, attempt: 1 })).toBe(true);
    expect(decodeJwt((await client.headers(REQUEST))!.dpop!).nonce).toBe('rs-nonce');
    const again = new Response(null, {
      status: 401,
      headers: { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': 'rs-nonce' },
    });
    expect(await client.onUnauthorized(again, { ...REQUEST, attempt: 2 })).toBe(false);
  });

  it('dpop: false, or a server that does not ask for it: Bearer and no proof', async () => {
    for (const [w, dpop] of [
      [dpopWorld(), false],
      [world(), 'auto'],
    ] as const) {
      w.metadata = { ...w.metadata, dpop_signing_alg_values_supported: ['ES256'] };
      w.token = (_body, headers) => ({
        body: { access_token: 'at-1', token_type: headers.get('dpop') ? 'DPoP' : 'Bearer' },
      });
      const client = oauthClient(w.server, {
        fetch: mockFetch(w),
        redirectUrl: REDIRECT,
        authorize: approve(w).authorize,
        dpop,
      });
      await client.onUnauthorized(unauthorized(w), REQUEST);
      expect(requestsTo(w, '/token')[0]!.headers.get('dpop')).toBeNull();
      expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-1' });
    }
  });

  it('DPoP-bound tokens in the store are sent only with the key they are bound to', async () => {
    const w = dpopWorld();
    const store = new MemoryTokenStore();
    const options = { fetch: mockFetch(w), redirectUrl: REDIRECT, authorize: approve(w).authorize, store };
    await oauthClient(w.server, options).onUnauthorized(unauthorized(w), REQUEST);
    // Another process: a new generated key, so the stored bound token is useless to it.
    const later = oauthClient(w.server, options);
    await later.onUnauthorized(unauthorized(w), REQUEST);
    expect(requestsTo(w, '/token')).toHaveLength(2);
    const stored = await store.getTokens('https://mcp.test/mcp', w.issuer);
    const proof = (await later.headers(REQUEST))!.dpop!;
    const jwk = decodeProtectedHeader(proof).jwk as JWK;
    expect(stored?.dpopKeyThumbprint).toBe(await calculateJwkThumbprint(jwk));
  });
});
