import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OAuthClientError, oauthClient, parseWwwAuthenticate } from '../src/index.js';
import { approve, mockFetch, REDIRECT, REQUEST, world } from './helpers/mock-oauth.js';

const HANG_MS = 5000;

/** Resolves to what `promise` settled with, or 'hang' after HANG_MS. */
function settle(promise: Promise<unknown>): Promise<{ ok: boolean; value: unknown }> {
  return Promise.race([
    promise.then(
      (value) => ({ ok: true, value }),
      (value: unknown) => ({ ok: false, value }),
    ),
    new Promise<{ ok: boolean; value: unknown }>((resolve) =>
      setTimeout(() => resolve({ ok: false, value: 'hang' }), HANG_MS),
    ),
  ]);
}

/** A JSON object that mixes the real field names with hostile values. */
const hostileObject = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'resource',
      'authorization_servers',
      'scopes_supported',
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
    ),
    fc.constantFrom(
      'registration_endpoint',
      'code_challenge_methods_supported',
      'access_token',
      'token_type',
      'expires_in',
    ),
    fc.constantFrom('refresh_token', 'scope', 'client_id', 'client_secret', '__proto__', 'constructor'),
    fc.string(),
  ),
  fc.jsonValue(),
);

const challengeText = fc.oneof(
  fc.string(),
  fc.stringMatching(/^(Bearer|DPoP|Basic)( [a-z_]{1,16}=("[^"]{0,40}"|[A-Za-z0-9:/.]{0,40}),?){0,4}$/),
);

describe('fuzz: hostile metadata, challenges and token responses', () => {
  it('parseWwwAuthenticate never throws and returns lowercase schemes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (header) => {
        for (const challenge of parseWwwAuthenticate(header))
          expect(challenge.scheme).toBe(challenge.scheme.toLowerCase());
      }),
      { numRuns: 500 },
    );
  });

  it('onUnauthorized resolves true/false or rejects with an OAuthClientError, and never hangs', {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          prm: fc.option(hostileObject, { nil: undefined }),
          metadata: hostileObject,
          token: hostileObject,
          registration: hostileObject,
          tokenStatus: fc.constantFrom(200, 200, 400, 401, 500),
          challenge: challengeText,
          status: fc.constantFrom(401, 403),
          keepRealFields: fc.boolean(),
        }),
        async (input) => {
          const w = world();
          if (input.keepRealFields) {
            w.prm = { ...w.prm, ...input.prm };
            w.metadata = { ...w.metadata, ...input.metadata };
          } else {
            w.prm = input.prm;
            w.metadata = input.metadata;
          }
          w.token = () => ({ status: input.tokenStatus, body: input.token });
          w.registration = { body: input.registration };
          const client = oauthClient(w.server, {
            fetch: mockFetch(w),
            redirectUrl: REDIRECT,
            authorize: approve(w).authorize,
          });
          const response = new Response(null, {
            status: input.status,
            headers: { 'www-authenticate': input.challenge },
          });
          const outcome = await settle(client.onUnauthorized(response, REQUEST));
          expect(outcome.value).not.toBe('hang');
          if (outcome.ok) expect(typeof outcome.value).toBe('boolean');
          else expect(outcome.value).toBeInstanceOf(OAuthClientError);
          const headers = await settle(client.headers(REQUEST));
          expect(headers.ok).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a server that never answers costs timeoutMs per request, then a typed error', async () => {
    for (const silentPath of ['/.well-known/oauth-protected-resource/mcp', '/token', '/register']) {
      const w = world();
      const answer = mockFetch(w);
      const client = oauthClient(w.server, {
        redirectUrl: REDIRECT,
        authorize: approve(w).authorize,
        timeoutMs: 100,
        fetch: (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          if (url.pathname !== silentPath) return answer(input, init);
          return new Promise((_, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
          );
        },
      });
      const outcome = await settle(client.onUnauthorized(new Response(null, { status: 401 }), REQUEST));
      expect(outcome.ok).toBe(false);
      expect(outcome.value).toBeInstanceOf(OAuthClientError);
    }
  });
});
