import { describe, expect, it } from 'vitest';
import { type FetchLike, OAuthClientError, type OAuthClientOptions, oauthClient } from '../src/index.js';
import {
  type BodyProbe,
  CHUNK_BYTES,
  drippingBody,
  type Hostility,
  hostileResponse,
} from './helpers/hostile-body.js';
import { login, mockFetch, REQUEST, type World, world } from './helpers/mock-oauth.js';

const LIMIT = 64 * 1024;

/**
 * The mock world's fetch, except that `href` answers with an oversized body once it has answered
 * normally `after` times.
 */
function hostileAt(
  w: World,
  href: string,
  kind: Hostility,
  options: { status?: number; after?: number } = {},
) {
  const probes: BodyProbe[] = [];
  const normal = mockFetch(w);
  let normalAnswers = 0;
  const fetch: FetchLike = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== href || normalAnswers++ < (options.after ?? 0)) return normal(input, init);
    const { response, probe } = hostileResponse(kind, options.status);
    probes.push(probe);
    return response;
  };
  return { fetch, probes };
}

/** The reader stopped at the limit: at most one chunk past it, none for a declared length, cancelled. */
function expectBounded(probes: BodyProbe[], kind: Hostility, limit = LIMIT) {
  expect(probes).toHaveLength(1);
  const [probe] = probes;
  expect(probe!.pulled).toBeLessThanOrEqual(kind === 'endless' ? limit + CHUNK_BYTES : 0);
  expect(probe!.cancelled).toBe(true);
}

async function refusal(promise: Promise<unknown>): Promise<OAuthClientError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthClientError);
  return error as OAuthClientError;
}

const machineGrant: Partial<OAuthClientOptions> = {
  grant: { type: 'client_credentials' },
  client: { clientId: 'svc', tokenEndpointAuthMethod: 'none' },
};

const enterpriseGrant: Partial<OAuthClientOptions> = {
  grant: {
    type: 'enterprise',
    idToken: () => 'id-token',
    identityProvider: { issuer: 'https://idp.test', tokenEndpoint: 'https://idp.test/token' },
  },
  client: { clientId: 'app', tokenEndpointAuthMethod: 'none' },
};

/** Every response the OAuth client reads during a login, and the options that make it read it. */
const READS: Array<{ what: string; href: string; status?: number; options?: Partial<OAuthClientOptions> }> = [
  { what: 'protected resource metadata', href: 'https://mcp.test/.well-known/oauth-protected-resource/mcp' },
  { what: 'authorization server metadata', href: 'https://as.test/.well-known/oauth-authorization-server' },
  { what: 'client registration response', href: 'https://as.test/register', status: 201 },
  { what: 'token response', href: 'https://as.test/token' },
  { what: 'token response', href: 'https://as.test/token', options: machineGrant },
  { what: 'token response', href: 'https://idp.test/token', options: enterpriseGrant },
];

describe('every OAuth response the client reads is capped (maxResponseBytes, 64 KiB)', () => {
  for (const { what, href, status, options } of READS) {
    for (const kind of ['endless', 'huge Content-Length'] as const) {
      const grant = options?.grant?.type ?? 'authorization_code';
      it(`the ${what} at ${href} (${grant} login): ${kind === 'endless' ? 'an endless' : 'a huge Content-Length'} body is refused at the limit`, async () => {
        const w = world();
        const hostile = hostileAt(w, href, kind, status === undefined ? {} : { status });
        const { client } = login(w, { ...options, fetch: hostile.fetch });
        const outcome = client.login();
        await outcome.catch(() => {});
        expectBounded(hostile.probes, kind);
        const error = await refusal(outcome);
        expect(error.code).toBe('response-too-large');
        expect(error.message).toContain(what);
        expect(error.message).toContain(href);
        expect(error.message).toContain(String(LIMIT));
      });
    }
  }

  it('a refresh answered by an endless token response is cut at the limit; the client has no tokens', async () => {
    const w = world();
    w.token = () => ({
      body: { access_token: 'at-1', token_type: 'Bearer', expires_in: 1, refresh_token: 'rt' },
    });
    const hostile = hostileAt(w, 'https://as.test/token', 'endless', { after: 1 });
    const { client } = login(w, { fetch: hostile.fetch });
    await client.login();
    expect(await client.headers(REQUEST)).toBeUndefined();
    expectBounded(hostile.probes, 'endless');
  });

  it('maxResponseBytes sets the limit: a document of exactly that size is read, one byte more is refused', async () => {
    const w = world();
    const document = JSON.stringify(w.prm);
    const size = 4096; // above every other response of the mock world
    const padded = `${document}${' '.repeat(size - document.length)}`;
    const answer = mockFetch(w);
    const fetchWith =
      (text: string): FetchLike =>
      (input, init) =>
        String(input).endsWith('/oauth-protected-resource/mcp')
          ? Promise.resolve(new Response(text, { headers: { 'content-type': 'application/json' } }))
          : answer(input, init);
    await expect(login(w, { fetch: fetchWith(padded), maxResponseBytes: size }).client.login()).resolves.toBe(
      undefined,
    );
    const error = await refusal(
      login(w, { fetch: fetchWith(`${padded} `), maxResponseBytes: size }).client.login(),
    );
    expect(error.code).toBe('response-too-large');
    expect(error.message).toContain(String(size));
  });

  it('maxResponseBytes must be a positive whole number', () => {
    for (const maxResponseBytes of [0, -1, 1.5, Number.NaN]) {
      expect(() => oauthClient('https://mcp.test/mcp', { ...machineGrant, maxResponseBytes })).toThrow(
        /maxResponseBytes/,
      );
    }
  });

  it('a body that drips forever below the limit is cut by timeoutMs, even through a fetch that ignores the signal', async () => {
    const w = world();
    const answer = mockFetch(w);
    const probes: BodyProbe[] = [];
    const fetch: FetchLike = (input, init) => {
      if (!String(input).includes('oauth-protected-resource')) return answer(input, init);
      const { body, probe } = drippingBody();
      probes.push(probe);
      return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
    };
    const started = Date.now();
    const error = await refusal(login(w, { fetch, timeoutMs: 200 }).client.login());
    expect(error.code).toBe('discovery-failed');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((probe) => probe.cancelled)).toBe(true);
  });
});
