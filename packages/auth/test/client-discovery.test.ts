import { describe, expect, it } from 'vitest';
import {
  chooseAuthorizationServer,
  discoverAuthorizationServer,
  discoverResourceMetadata,
} from '../src/client/discovery.js';
import {
  authorizationServerMetadataUrls,
  OAuthClientError,
  resourceCovers,
  resourceMetadataUrls,
} from '../src/index.js';
import { mockFetch, requestsTo, world } from './helpers/mock-oauth.js';

const http = (w: ReturnType<typeof world>) => ({
  fetch: mockFetch(w),
  timeoutMs: 5000,
  maxResponseBytes: 64 * 1024,
});

describe('A-15 protected resource metadata discovery', () => {
  it('A-15: the challenge URL when present, else path-inserted then root', () => {
    expect(resourceMetadataUrls('https://h.test/public/mcp', 'https://h.test/custom.json')).toEqual([
      'https://h.test/custom.json',
    ]);
    expect(resourceMetadataUrls('https://h.test/public/mcp')).toEqual([
      'https://h.test/.well-known/oauth-protected-resource/public/mcp',
      'https://h.test/.well-known/oauth-protected-resource',
    ]);
    expect(resourceMetadataUrls('https://h.test/')).toEqual([
      'https://h.test/.well-known/oauth-protected-resource',
    ]);
  });

  it('A-15: uses the header URL and asks no well-known URL', async () => {
    const w = world({ prmPath: '/custom/metadata.json' });
    const metadata = await discoverResourceMetadata(
      http(w),
      w.server,
      'https://mcp.test/custom/metadata.json',
    );
    expect(metadata.authorization_servers).toEqual(['https://as.test']);
    expect(w.seen.map((s) => s.url.pathname)).toEqual(['/custom/metadata.json']);
  });

  it('A-15: falls back from the path-inserted URL to the root one', async () => {
    const w = world({ prmPath: '/.well-known/oauth-protected-resource' });
    w.prm = { resource: 'https://mcp.test', authorization_servers: ['https://as.test'] };
    await discoverResourceMetadata(http(w), w.server, undefined);
    expect(w.seen.map((s) => s.url.pathname)).toEqual([
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]);
  });

  it('A-15: no usable document is a discovery-failed error', async () => {
    const w = world({ prm: { resource: 'https://mcp.test/mcp', authorization_servers: [] } });
    await expect(discoverResourceMetadata(http(w), w.server, undefined)).rejects.toMatchObject({
      code: 'discovery-failed',
    });
  });

  it('RFC 9728 §3.3: metadata for another resource is refused, not followed', async () => {
    const w = world({
      prm: { resource: 'https://evil.test/mcp', authorization_servers: ['https://as.test'] },
    });
    const error = await discoverResourceMetadata(http(w), w.server, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OAuthClientError);
    expect(error).toMatchObject({ code: 'resource-mismatch' });
  });

  it('resourceCovers: the same origin and the server path or an ancestor on a segment boundary', () => {
    expect(resourceCovers('https://h.test/mcp', 'https://h.test/mcp')).toBe(true);
    expect(resourceCovers('https://h.test', 'https://h.test/mcp')).toBe(true);
    expect(resourceCovers('HTTPS://H.TEST/mcp', 'https://h.test/mcp')).toBe(true);
    expect(resourceCovers('https://h.test/mc', 'https://h.test/mcp')).toBe(false);
    expect(resourceCovers('https://h.test:8443/mcp', 'https://h.test/mcp')).toBe(false);
    expect(resourceCovers('https://h.test/other', 'https://h.test/mcp')).toBe(false);
    expect(resourceCovers('not a url', 'https://h.test/mcp')).toBe(false);
  });
});

describe('A-18 authorization server metadata discovery order', () => {
  it('A-18: an issuer with a path: RFC 8414 inserted, OIDC inserted, OIDC appended', () => {
    expect(authorizationServerMetadataUrls('https://auth.test/tenant1')).toEqual([
      'https://auth.test/.well-known/oauth-authorization-server/tenant1',
      'https://auth.test/.well-known/openid-configuration/tenant1',
      'https://auth.test/tenant1/.well-known/openid-configuration',
    ]);
  });

  it('A-18: an issuer without a path: RFC 8414 then OIDC', () => {
    for (const issuer of ['https://auth.test', 'https://auth.test/']) {
      expect(authorizationServerMetadataUrls(issuer)).toEqual([
        'https://auth.test/.well-known/oauth-authorization-server',
        'https://auth.test/.well-known/openid-configuration',
      ]);
    }
  });

  for (const [path, tries] of [
    ['/.well-known/oauth-authorization-server/tenant1', 1],
    ['/.well-known/openid-configuration/tenant1', 2],
    ['/tenant1/.well-known/openid-configuration', 3],
  ] as const) {
    it(`A-18: finds the metadata at ${path} after ${tries} request(s)`, async () => {
      const issuer = 'https://as.test/tenant1';
      const w = world({ issuer, metadataPath: path });
      w.metadata = { ...w.metadata, issuer };
      const metadata = await discoverAuthorizationServer(http(w), issuer);
      expect(metadata?.issuer).toBe(issuer);
      expect(w.seen).toHaveLength(tries);
    });
  }

  it('A-18: OIDC discovery without a path after RFC 8414 fails', async () => {
    const w = world({ metadataPath: '/.well-known/openid-configuration' });
    expect((await discoverAuthorizationServer(http(w), w.issuer))?.issuer).toBe(w.issuer);
    expect(w.seen.map((s) => s.url.pathname)).toEqual([
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]);
  });
});

describe('A-19 the metadata issuer must be identical', () => {
  it('A-19: a document naming another issuer is discarded', async () => {
    const w = world();
    w.metadata = { ...w.metadata, issuer: 'https://attacker.test' };
    expect(await discoverAuthorizationServer(http(w), w.issuer)).toBeUndefined();
  });

  it('A-19: identical means the very string: a trailing slash is another issuer', async () => {
    const w = world();
    w.metadata = { ...w.metadata, issuer: 'https://as.test/' };
    expect(await discoverAuthorizationServer(http(w), 'https://as.test')).toBeUndefined();
  });

  it('A-17: at most five authorization servers of a long list are tried', async () => {
    const w = world();
    const servers = Array.from({ length: 50 }, (_, i) => `https://down${i}.test`);
    const resource = { resource: w.server, authorization_servers: [...servers, w.issuer] };
    await expect(chooseAuthorizationServer(http(w), resource)).rejects.toMatchObject({
      code: 'discovery-failed',
    });
    expect(new Set(w.seen.map((seen) => seen.url.host)).size).toBe(5);
  });

  it('A-17/A-19: the next authorization server of the list is tried, and none usable is discovery-failed', async () => {
    const w = world();
    const resource = { resource: w.server, authorization_servers: ['https://down.test', w.issuer] };
    expect((await chooseAuthorizationServer(http(w), resource)).issuer).toBe(w.issuer);
    w.metadata = { ...w.metadata, issuer: 'https://attacker.test' };
    await expect(chooseAuthorizationServer(http(w), resource)).rejects.toMatchObject({
      code: 'discovery-failed',
    });
    expect(requestsTo(w, '/authorize')).toEqual([]);
  });
});
