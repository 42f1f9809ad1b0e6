import { describe, expect, it } from 'vitest';
import { ScopeChecker, wwwAuthenticate } from '../src/server/index.js';
import { challengeScopes, scopesOfClaims } from '../src/server/scopes.js';

describe('ScopeChecker', () => {
  it('A-11: a broad scope covers narrower ones, transitively; cycles end', () => {
    const checker = new ScopeChecker({ admin: ['write'], write: ['read'], read: ['admin'] });
    expect(checker.missing(['admin'], ['read', 'write'])).toEqual([]);
    expect(
      new ScopeChecker({ admin: ['write'], write: ['read'] }).missing(['write'], ['admin', 'read']),
    ).toEqual(['admin']);
    expect(new ScopeChecker().missing(['write'], ['read'])).toEqual(['read']);
    expect(checker.coversAll(['admin'], ['read', 'write'])).toBe(true);
    expect(new ScopeChecker().coversAll(['write'], ['read', 'write'])).toBe(false);
  });

  it('A-11: a hierarchy can be a function (e.g. prefixes)', () => {
    const checker = new ScopeChecker((granted, required) => required.startsWith(`${granted}:`));
    expect(checker.covers(['files'], 'files:read')).toBe(true);
    expect(checker.covers(['files'], 'mail:read')).toBe(false);
  });
});

describe('challenges', () => {
  it('A-12: challengeScopes drops offline_access and repeats', () => {
    expect(challengeScopes(['a', 'offline_access'], undefined, ['a', 'b'])).toEqual(['a', 'b']);
  });

  it('A-10: a 403 challenge carries error, scope and resource_metadata, quoted safely', () => {
    expect(
      wwwAuthenticate({
        error: 'insufficient_scope',
        description: 'needs "write"',
        scopes: ['files:read', 'files:write'],
        resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
      }),
    ).toBe(
      'Bearer error="insufficient_scope", error_description="needs \\"write\\"", scope="files:read files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('with DPoP, the DPoP challenge names its algorithms and carries a proof error', () => {
    expect(wwwAuthenticate({ dpopAlgorithms: ['ES256'], error: 'invalid_dpop_proof', scheme: 'DPoP' })).toBe(
      'Bearer, DPoP error="invalid_dpop_proof", algs="ES256"',
    );
  });
});

describe('scopesOfClaims', () => {
  it('reads scope as a string (RFC 9068) or scp as an array', () => {
    expect(scopesOfClaims({ scope: 'a  b' })).toEqual(['a', 'b']);
    expect(scopesOfClaims({ scp: ['a', 1, 'b'] })).toEqual(['a', 'b']);
    expect(scopesOfClaims({})).toEqual([]);
  });
});
