import { describe, expect, it } from 'vitest';
import { MemoryTokenStore, oauthClient } from '../src/index.js';
import {
  approve,
  login,
  mockFetch,
  REDIRECT,
  REQUEST,
  requestsTo,
  tokenRequests,
  unauthorized,
  type World,
  world,
} from './helpers/mock-oauth.js';

const registrations = (w: World) =>
  requestsTo(w, '/register').map((seen) => seen.body as Record<string, unknown>);
const CIMD = 'https://app.test/oauth/client.json';

describe('A-20/A-21 client identity, in the spec order', () => {
  it('A-21: pre-registered credentials first, even when CIMD and registration are offered', async () => {
    const w = world();
    w.metadata = {
      ...w.metadata,
      client_id_metadata_document_supported: true,
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
    };
    const { client, user } = login(w, {
      client: { clientId: 'pre-id', clientSecret: 'pre-secret' },
      clientMetadataUrl: CIMD,
    });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(user.requests[0]!.searchParams.get('client_id')).toBe('pre-id');
    expect(registrations(w)).toEqual([]);
    const basic = requestsTo(w, '/token')[0]!.headers.get('authorization')!;
    expect(Buffer.from(basic.slice(6), 'base64').toString()).toBe('pre-id:pre-secret');
  });

  it('A-22/A-23: then the Client ID Metadata Document URL, when the server supports it', async () => {
    const w = world();
    w.metadata = { ...w.metadata, client_id_metadata_document_supported: true };
    const { client, user } = login(w, { clientMetadataUrl: CIMD });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(user.requests[0]!.searchParams.get('client_id')).toBe(CIMD);
    expect(tokenRequests(w)[0]!.get('client_id')).toBe(CIMD);
    expect(registrations(w)).toEqual([]);
  });

  it('A-23: a clientMetadataUrl that is not https with a path is refused up front', () => {
    for (const url of ['http://app.test/client.json', 'https://app.test', 'https://app.test/', 'nope']) {
      expect(() => login(world(), { clientMetadataUrl: url })).toThrow(/https URL with a path/);
    }
  });

  it('A-25: then Dynamic Client Registration, when the server does not support CIMD', async () => {
    const w = world();
    const { client, user } = login(w, { clientMetadataUrl: CIMD });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(registrations(w)).toHaveLength(1);
    expect(user.requests[0]!.searchParams.get('client_id')).toBe('dcr-client');
  });

  it('A-21: with nothing possible, a no-client-identity error', async () => {
    const w = world();
    w.metadata = { ...w.metadata, registration_endpoint: undefined };
    const { client } = login(w);
    await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toMatchObject({
      code: 'no-client-identity',
    });
  });
});

describe('A-26 application_type in Dynamic Client Registration', () => {
  it('A-26: native for a loopback redirect, web for a remote one, or as configured', async () => {
    for (const [redirectUrl, extra, expected] of [
      [REDIRECT, {}, 'native'],
      ['https://app.test/callback', {}, 'web'],
      ['https://app.test/callback', { applicationType: 'native' as const }, 'native'],
    ] as const) {
      const w = world();
      const { client } = login(w, { redirectUrl, ...extra });
      await client.onUnauthorized(unauthorized(w), REQUEST);
      expect(registrations(w)[0]!.application_type).toBe(expected);
    }
  });

  it('A-26: a refused registration is surfaced with the server error code', async () => {
    const w = world({ registration: { status: 400, body: { error: 'invalid_redirect_uri' } } });
    const { client } = login(w);
    const error = await client.onUnauthorized(unauthorized(w), REQUEST).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'registration-failed' });
    expect((error as Error).message).toMatch(/invalid_redirect_uri/);
  });
});

describe('A-27 credentials bound to the issuing authorization server', () => {
  it('A-27: registrations are stored by issuer and reused there', async () => {
    const w = world();
    const store = new MemoryTokenStore();
    await login(w, { store }).client.onUnauthorized(unauthorized(w), REQUEST);
    await login(w, { store }).client.onUnauthorized(unauthorized(w), REQUEST);
    expect(registrations(w)).toHaveLength(1);
    expect(await store.getClient(w.issuer)).toEqual({ clientId: 'dcr-client' });
  });

  it('A-17/A-27: when the resource moves to another authorization server, the client registers there anew', async () => {
    const w = world();
    const store = new MemoryTokenStore();
    const { client, user } = login(w, { store });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    // The server now names another authorization server.
    const issuer2 = 'https://as2.test';
    w.prm = { ...w.prm!, authorization_servers: [issuer2] };
    const w2 = world({ issuer: issuer2, registration: { body: { client_id: 'as2-client' } } });
    const both = mockFetch(w);
    const second = mockFetch(w2);
    const moved = oauthClient(w.server, {
      store,
      redirectUrl: REDIRECT,
      authorize: approve(w2).authorize,
      fetch: (input, init) =>
        String(input instanceof Request ? input.url : input).includes('as2.test')
          ? second(input, init)
          : both(input, init),
    });
    await moved.onUnauthorized(unauthorized(w), REQUEST);
    expect(requestsTo(w2, '/register')).toHaveLength(1);
    const token = tokenRequests(w2)[0]!;
    expect(token.get('client_id')).toBe('as2-client');
    expect(user.requests).toHaveLength(1);
  });

  it('A-27: pre-registered credentials for another issuer are not used, and that is an error', async () => {
    const w = world();
    const { client, user } = login(w, { client: { clientId: 'elsewhere', issuer: 'https://other.test' } });
    await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toMatchObject({
      code: 'credentials-bound-elsewhere',
    });
    expect(user.requests).toEqual([]);
  });

  it('A-27: pre-registered credentials given per issuer: the one for this issuer is used', async () => {
    const w = world();
    const { client, user } = login(w, {
      client: [
        { clientId: 'other', issuer: 'https://other.test' },
        { clientId: 'mine', issuer: w.issuer },
      ],
    });
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(user.requests[0]!.searchParams.get('client_id')).toBe('mine');
  });
});

describe('token endpoint authentication', () => {
  for (const [method, check] of [
    [
      'client_secret_basic',
      (req: { headers: Headers; body: URLSearchParams }) => {
        expect(req.headers.get('authorization')).toBe(`Basic ${btoa('c-1.x_y*z:s')}`);
        expect(req.body.has('client_secret')).toBe(false);
      },
    ],
    [
      'client_secret_post',
      (req: { headers: Headers; body: URLSearchParams }) => {
        expect(req.headers.get('authorization')).toBeNull();
        expect(req.body.get('client_secret')).toBe('s');
      },
    ],
    [
      'none',
      (req: { headers: Headers; body: URLSearchParams }) => {
        expect(req.headers.get('authorization')).toBeNull();
        expect(req.body.get('client_id')).toBe('c-1.x_y*z');
        expect(req.body.has('client_secret')).toBe(false);
      },
    ],
  ] as const) {
    it(`${method}, as the only method the server supports`, async () => {
      const w = world({ registration: { body: { client_id: 'c-1.x_y*z', client_secret: 's' } } });
      w.metadata = { ...w.metadata, token_endpoint_auth_methods_supported: [method] };
      const { client } = login(w);
      await client.onUnauthorized(unauthorized(w), REQUEST);
      const seen = requestsTo(w, '/token')[0]!;
      check({ headers: seen.headers, body: seen.body as URLSearchParams });
    });
  }
});

describe('A-37 only tokens for this server from its authorization server', () => {
  it('A-37: tokens stored for another server or another issuer are never sent', async () => {
    const store = new MemoryTokenStore();
    await store.setTokens('https://other.test/mcp', 'https://as.test', {
      accessToken: 'foreign',
      tokenType: 'bearer',
    });
    await store.setTokens('https://mcp.test/mcp', 'https://old-as.test', {
      accessToken: 'stale',
      tokenType: 'bearer',
    });
    const w = world();
    const { client } = login(w, { store });
    expect(await client.headers(REQUEST)).toBeUndefined();
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-1' });
    expect(await store.getTokens('https://mcp.test/mcp', w.issuer)).toMatchObject({ accessToken: 'at-1' });
  });

  it('A-24/A-40: tokens a previous run stored for this server and issuer are used without a new login', async () => {
    const store = new MemoryTokenStore();
    await store.setTokens('https://mcp.test/mcp', 'https://as.test', {
      accessToken: 'at-1',
      tokenType: 'bearer',
    });
    const w = world();
    const { client, user } = login(w, { store });
    expect(await client.onUnauthorized(unauthorized(w), REQUEST)).toBe(true);
    expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-1' });
    expect(user.requests).toEqual([]);
  });
});
