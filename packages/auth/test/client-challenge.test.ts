import { describe, expect, it } from 'vitest';
import { parseWwwAuthenticate, readResourceChallenge } from '../src/index.js';

describe('A-16 parsing WWW-Authenticate', () => {
  it('A-16: reads resource_metadata, scope and error of a Bearer challenge', () => {
    const response = new Response(null, {
      status: 403,
      headers: {
        'www-authenticate':
          'Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://h.test/.well-known/oauth-protected-resource", error_description="needs \\"write\\""',
      },
    });
    expect(readResourceChallenge(response)).toEqual({
      status: 403,
      scheme: 'bearer',
      resourceMetadata: 'https://h.test/.well-known/oauth-protected-resource',
      scopes: ['files:read', 'files:write'],
      error: 'insufficient_scope',
      dpopNonce: undefined,
    });
  });

  it('A-16: several challenges in one header, token68 and unquoted values; DPoP is preferred', () => {
    const header =
      'Basic YWxhZGRpbjpvcGVuc2VzYW1l==, Bearer realm=mcp, DPoP algs="ES256 PS256", error=use_dpop_nonce';
    expect(parseWwwAuthenticate(header)).toEqual([
      { scheme: 'basic', params: {} },
      { scheme: 'bearer', params: { realm: 'mcp' } },
      { scheme: 'dpop', params: { algs: 'ES256 PS256', error: 'use_dpop_nonce' } },
    ]);
    const response = new Response(null, {
      status: 401,
      headers: { 'www-authenticate': header, 'dpop-nonce': 'n-1' },
    });
    expect(readResourceChallenge(response)).toMatchObject({
      scheme: 'dpop',
      error: 'use_dpop_nonce',
      dpopNonce: 'n-1',
    });
  });

  it('A-16: names are case-insensitive, the first of a repeated parameter wins', () => {
    expect(parseWwwAuthenticate('BEARER Scope="a", scope="b"')).toEqual([
      { scheme: 'bearer', params: { scope: 'a' } },
    ]);
  });

  it('A-16: nothing usable in a missing, empty, broken or oversized header', () => {
    for (const header of [null, '', ',,,', '="x"', 'Bearer scope="unterminated']) {
      expect(() => parseWwwAuthenticate(header)).not.toThrow();
    }
    expect(parseWwwAuthenticate('Bearer scope="unterminated')).toEqual([
      { scheme: 'bearer', params: { scope: 'unterminated' } },
    ]);
    expect(parseWwwAuthenticate(`Bearer scope="${'a'.repeat(20_000)}"`)).toEqual([]);
    const bare = readResourceChallenge(new Response(null, { status: 401 }));
    expect(bare).toMatchObject({ scheme: undefined, resourceMetadata: undefined, scopes: undefined });
  });
});
