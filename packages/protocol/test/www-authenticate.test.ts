import { describe, expect, it } from 'vitest';
import { readAuthorization, wwwAuthenticate } from '../src/www-authenticate.js';

describe('wwwAuthenticate', () => {
  it('A-10: error, description, scope and resource_metadata, in that order, quoted', () => {
    expect(
      wwwAuthenticate({
        error: 'insufficient_scope',
        description: 'needs "write" \\ more',
        scopes: ['files:read', 'files:write'],
        resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
      }),
    ).toBe(
      'Bearer error="insufficient_scope", error_description="needs \\"write\\" \\\\ more", scope="files:read files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('a control character in an error description is stripped: no line break can end the header', () => {
    const value = wwwAuthenticate({
      error: 'invalid_token',
      description: 'bad\r\nX-Injected: 1\u0000\u007f!',
    });
    expect(value).toBe('Bearer error="invalid_token", error_description="bad  X-Injected: 1  !"');
    expect(value).not.toMatch(/\p{Cc}/u);
  });
});

describe('readAuthorization', () => {
  it('reads a Bearer or DPoP token68, the scheme case-insensitively', () => {
    expect(readAuthorization('bearer abc.DEF-_~+/==')).toEqual({
      kind: 'token',
      scheme: 'Bearer',
      token: 'abc.DEF-_~+/==',
    });
    expect(readAuthorization('DPoP xyz ')).toEqual({ kind: 'token', scheme: 'DPoP', token: 'xyz' });
  });

  it('A-9: Bearer without a token68 is malformed; another scheme carries no token', () => {
    for (const header of ['Bearer', 'Bearer a b', 'DPoP "quoted"']) {
      expect(readAuthorization(header), header).toEqual({ kind: 'malformed' });
    }
    expect(readAuthorization('Basic dXNlcjpwYXNz')).toEqual({ kind: 'other' });
  });
});
