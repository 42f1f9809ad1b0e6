import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  approve,
  login,
  REDIRECT,
  REQUEST,
  requestsTo,
  tokenRequests,
  unauthorized,
  world,
} from './helpers/mock-oauth.js';

describe('the authorization code flow', () => {
  it('A-16/A-36: nothing is sent before a 401; after it, Bearer on every request', async () => {
    const w = world();
    const { client } = login(w);
    expect(await client.headers(REQUEST)).toBeUndefined();
    expect(await client.onUnauthorized(unauthorized(w), REQUEST)).toBe(true);
    expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-1' });
    expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-1' });
  });

  it('A-28: PKCE S256 challenge in the request and its verifier in the token request', async () => {
    const w = world();
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    const url = user.requests[0]!;
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const verifier = tokenRequests(w)[0]!.get('code_verifier')!;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    const expected = Buffer.from(digest).toString('base64url');
    expect(url.searchParams.get('code_challenge')).toBe(expected);
  });

  for (const methods of [undefined, ['plain']]) {
    it(`A-28: refuses to start when code_challenge_methods_supported is ${JSON.stringify(methods)}`, async () => {
      const w = world();
      w.metadata = { ...w.metadata, code_challenge_methods_supported: methods };
      const { client, user } = login(w);
      await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toMatchObject({
        code: 'pkce-unsupported',
      });
      expect(user.requests).toEqual([]);
    });
  }

  for (const endpoint of [
    'file:///etc/passwd',
    'javascript:alert(1)',
    'ms-settings:x',
    'http://as.test/authorize',
    'not a url',
  ]) {
    it(`never sends the user to an authorization_endpoint of ${endpoint}`, async () => {
      const w = world();
      w.metadata = { ...w.metadata, authorization_endpoint: endpoint };
      const { client, user } = login(w);
      await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toMatchObject({
        code: 'discovery-failed',
        message: expect.stringContaining('authorization_endpoint that is not https'),
      });
      expect(user.requests).toEqual([]);
    });
  }

  it('sends the user to an https or loopback http authorization_endpoint', async () => {
    for (const endpoint of ['https://login.as.test/authorize', 'http://127.0.0.1:9/authorize']) {
      const w = world();
      w.metadata = { ...w.metadata, authorization_endpoint: endpoint };
      const { client, user } = login(w);
      await client.onUnauthorized(unauthorized(w), REQUEST);
      expect(user.requests[0]!.href.startsWith(endpoint)).toBe(true);
    }
  });

  it('A-29/A-30: resource, the canonical server URI, in both the authorization and the token request', async () => {
    const w = world();
    w.prm = { ...w.prm!, resource: 'HTTPS://MCP.TEST/mcp' };
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(user.requests[0]!.searchParams.get('resource')).toBe('https://mcp.test/mcp');
    expect(tokenRequests(w)[0]!.get('resource')).toBe('https://mcp.test/mcp');
  });

  it('A-31: the challenge scope first', async () => {
    const w = world();
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w, `${w.challenge}, scope="files:read files:write"`), REQUEST);
    expect(user.requests[0]!.searchParams.get('scope')).toBe('files:read files:write');
  });

  it('A-31: else every scopes_supported of the resource metadata', async () => {
    const w = world();
    w.prm = { ...w.prm!, scopes_supported: ['a', 'b'] };
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(user.requests[0]!.searchParams.get('scope')).toBe('a b');
  });

  it('A-31: else no scope parameter at all', async () => {
    const w = world();
    w.prm = { resource: w.server, authorization_servers: [w.issuer] };
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(user.requests[0]!.searchParams.has('scope')).toBe(false);
    expect(tokenRequests(w)[0]!.has('scope')).toBe(false);
  });

  it('A-34: a state is sent and a callback with another state is refused before the code is used', async () => {
    const w = world({ redirect: { state: 'forged' } });
    const { client, user } = login(w);
    await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toMatchObject({
      code: 'authorization-failed',
    });
    expect(user.requests[0]!.searchParams.get('state')).toMatch(/.{20,}/);
    expect(tokenRequests(w)).toEqual([]);
  });

  it('A-35: a redirect URL must be https or loopback http', () => {
    const w = world();
    for (const redirectUrl of ['http://app.test/callback', 'not a url']) {
      expect(() => login(w, { redirectUrl })).toThrow(/redirectUrl must be https/);
    }
    for (const redirectUrl of [
      'https://app.test/cb',
      'http://localhost:3000/cb',
      'http://[::1]:80/cb',
      'com.example.app:/cb',
    ]) {
      expect(() => login(w, { redirectUrl })).not.toThrow();
    }
  });

  it('A-35: the redirect URI is the one configured, in the registration and both requests', async () => {
    const w = world();
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect((requestsTo(w, '/register')[0]!.body as Record<string, unknown>).redirect_uris).toEqual([
      REDIRECT,
    ]);
    expect(user.requests[0]!.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(tokenRequests(w)[0]!.get('redirect_uri')).toBe(REDIRECT);
  });
});

describe('A-33 the RFC 9207 iss check, every row of the table', () => {
  const cases: { name: string; advertised: boolean | undefined; iss: string | null; proceeds: boolean }[] = [
    {
      name: 'advertised, present and identical: proceed',
      advertised: true,
      iss: 'https://as.test',
      proceeds: true,
    },
    {
      name: 'advertised, present and different: reject',
      advertised: true,
      iss: 'https://evil.test',
      proceeds: false,
    },
    { name: 'advertised and absent: reject', advertised: true, iss: null, proceeds: false },
    {
      name: 'not advertised, present and identical: proceed',
      advertised: undefined,
      iss: 'https://as.test',
      proceeds: true,
    },
    {
      name: 'not advertised, present and different: reject',
      advertised: false,
      iss: 'https://evil.test',
      proceeds: false,
    },
    { name: 'not advertised and absent: proceed', advertised: undefined, iss: null, proceeds: true },
    {
      name: 'a trailing slash is a mismatch (no normalization)',
      advertised: true,
      iss: 'https://as.test/',
      proceeds: false,
    },
    { name: 'case folding is a mismatch', advertised: false, iss: 'https://AS.test', proceeds: false },
    {
      name: 'default-port elision is not applied',
      advertised: true,
      iss: 'https://as.test:443',
      proceeds: false,
    },
    {
      name: 'percent-encoding is not normalized',
      advertised: true,
      iss: 'https://%61s.test',
      proceeds: false,
    },
  ];
  for (const { name, advertised, iss, proceeds } of cases) {
    it(`A-33: ${name}`, async () => {
      const w = world({ redirect: { iss } });
      w.metadata = { ...w.metadata, authorization_response_iss_parameter_supported: advertised };
      const { client } = login(w);
      const outcome = client.onUnauthorized(unauthorized(w), REQUEST);
      if (proceeds) expect(await outcome).toBe(true);
      else await expect(outcome).rejects.toMatchObject({ code: 'authorization-failed' });
      expect(tokenRequests(w)).toHaveLength(proceeds ? 1 : 0);
    });
  }

  it('A-33: an error response with a mismatched iss: its error fields are neither acted on nor shown', async () => {
    const w = world({
      redirect: { iss: 'https://evil.test', error: 'access_denied', error_description: 'click here' },
    });
    const { client } = login(w);
    const error = (await client.onUnauthorized(unauthorized(w), REQUEST).catch((e: unknown) => e)) as Error;
    expect(error.message).not.toMatch(/access_denied|click here/);
    expect(JSON.stringify(error)).not.toMatch(/access_denied|click here/);
  });

  it('A-33: an error response with the right iss reports its error code', async () => {
    const w = world({ redirect: { error: 'access_denied' } });
    const { client } = login(w);
    await expect(client.onUnauthorized(unauthorized(w), REQUEST)).rejects.toThrow(/access_denied/);
  });

  it('A-32: the iss is compared with the issuer recorded before the redirect', async () => {
    const w = world({ redirect: { iss: 'https://as.test' } });
    const { client } = login(w, {
      authorize: async (url) => {
        // The metadata changes while the user is away; the recorded issuer still decides.
        w.metadata = { ...w.metadata, issuer: 'https://other.test' };
        return approve(w).authorize(url);
      },
    });
    expect(await client.onUnauthorized(unauthorized(w), REQUEST)).toBe(true);
  });
});

describe('A-38 refresh tokens and offline_access', () => {
  it('A-38: offline_access is asked for only when the authorization server lists it', async () => {
    const listed = world();
    listed.metadata = { ...listed.metadata, scopes_supported: ['mcp:read', 'offline_access'] };
    const first = login(listed);
    await first.client.onUnauthorized(unauthorized(listed), REQUEST);
    expect(first.user.requests[0]!.searchParams.get('scope')).toBe('mcp:read offline_access');

    const unlisted = world();
    unlisted.metadata = { ...unlisted.metadata, scopes_supported: ['mcp:read'] };
    const second = login(unlisted);
    await second.client.onUnauthorized(
      unauthorized(unlisted, `${unlisted.challenge}, scope="mcp:read offline_access"`),
      REQUEST,
    );
    expect(second.user.requests[0]!.searchParams.get('scope')).toBe('mcp:read');
  });

  it('A-38: refresh_token is among the registered grant types', async () => {
    const w = world();
    const { client } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect((requestsTo(w, '/register')[0]!.body as Record<string, unknown>).grant_types).toContain(
      'refresh_token',
    );
  });

  it('A-38: an expired access token is refreshed with resource, keeping the refresh token when none comes back', async () => {
    const w = world();
    let issued = 0;
    w.token = (body) =>
      body.get('grant_type') === 'refresh_token'
        ? { body: { access_token: 'at-2', token_type: 'Bearer', expires_in: 3600 } }
        : {
            body: {
              access_token: `at-${++issued}`,
              token_type: 'Bearer',
              expires_in: 1,
              refresh_token: 'rt-1',
            },
          };
    const { client } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-2' });
    const refresh = tokenRequests(w)[1]!;
    expect(refresh.get('refresh_token')).toBe('rt-1');
    expect(refresh.get('resource')).toBe('https://mcp.test/mcp');
  });

  it('A-38: no refresh token is assumed: a 401 then means a new login', async () => {
    const w = world();
    w.token = () => ({ body: { access_token: 'at-1', token_type: 'Bearer' } });
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(user.requests).toHaveLength(2);
  });
});

describe('A-39 step-up on 403 insufficient_scope', () => {
  const forbidden = (scope: string) =>
    new Response(null, {
      status: 403,
      headers: {
        'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="x"`,
      },
    });

  it('A-39: re-authorizes with the union of the scopes asked for and the challenged ones', async () => {
    const w = world();
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w, `${w.challenge}, scope="mcp:basic"`), REQUEST);
    expect(await client.onUnauthorized(forbidden('mcp:write'), { ...REQUEST, attempt: 1 })).toBe(true);
    expect(user.requests.map((url) => url.searchParams.get('scope'))).toEqual([
      'mcp:basic',
      'mcp:basic mcp:write',
    ]);
  });

  it('A-39: a bounded number of attempts per scope set, then the 403 stands', async () => {
    const w = world();
    const { client, user } = login(w, { maxStepUps: 2 });
    await client.onUnauthorized(unauthorized(w, `${w.challenge}, scope="mcp:admin"`), REQUEST);
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await client.onUnauthorized(forbidden('mcp:admin'), REQUEST));
    expect(outcomes).toEqual([true, true, false, false]);
    expect(user.requests).toHaveLength(3);
  });

  it('A-39: a 403 without insufficient_scope is not a reason to re-authorize', async () => {
    const w = world();
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    const plain = new Response(null, {
      status: 403,
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
    expect(await client.onUnauthorized(plain, REQUEST)).toBe(false);
    expect(user.requests).toHaveLength(1);
  });
});

describe('loops and concurrency', () => {
  it('a token refused right after the login that got it is not followed by a second login', async () => {
    const w = world();
    const { client, user } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(await client.onUnauthorized(unauthorized(w), { ...REQUEST, attempt: 1 })).toBe(false);
    expect(user.requests).toHaveLength(1);
  });

  it('concurrent 401s share one login', async () => {
    const w = world();
    const { client, user } = login(w);
    const outcomes = await Promise.all([1, 2, 3].map(() => client.onUnauthorized(unauthorized(w), REQUEST)));
    expect(outcomes).toEqual([true, true, true]);
    expect(user.requests).toHaveLength(1);
  });

  it('logout forgets the tokens', async () => {
    const w = world();
    const { client } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    await client.logout();
    expect(await client.headers(REQUEST)).toBeUndefined();
  });

  it('login() discovers from the well-known metadata and logs in before any request', async () => {
    const w = world();
    const { client, user } = login(w);
    await client.login();
    expect(user.requests).toHaveLength(1);
    expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-1' });
  });
});

describe('A-13 tokens stay private', () => {
  it('A-13: no property, inspection or serialization of the client shows a token', async () => {
    const w = world();
    const { client } = login(w);
    await client.onUnauthorized(unauthorized(w), REQUEST);
    expect(await client.headers(REQUEST)).toEqual({ authorization: 'Bearer at-1' });
    const shown = [inspect(client, { depth: 10, showHidden: true }), JSON.stringify(client), String(client)];
    for (const text of shown) expect(text).not.toMatch(/at-1|rt-1|code-1/);
  });

  it('A-13: a refused token request names the error code, never the tokens or the code', async () => {
    const w = world();
    w.token = () => ({ status: 400, body: { error: 'invalid_grant', error_description: 'bad' } });
    const { client } = login(w);
    const error = (await client.onUnauthorized(unauthorized(w), REQUEST).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/invalid_grant/);
    expect(`${error.message} ${error.stack}`).not.toMatch(/code-1|code_verifier/);
  });
});
