import { describe, expect, it } from 'vitest';
import { canonicalResourceUri, protectedResource, resourceMetadataUrl } from '../src/server/index.js';

describe('protectedResource', () => {
  it('A-4: the document names the resource and at least one authorization server', () => {
    const { metadata } = protectedResource({
      resource: 'https://mcp.example.com/mcp',
      authorizationServers: ['https://auth.example.com'],
    });
    expect(metadata).toMatchObject({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
    });
    expect(() =>
      protectedResource({ resource: 'https://mcp.example.com/mcp', authorizationServers: [] }),
    ).toThrow(RangeError);
  });

  it('A-5: the metadata URL is the path-inserted well-known location', () => {
    expect(resourceMetadataUrl('https://mcp.example.com/mcp')).toBe(
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
    );
    expect(resourceMetadataUrl('https://mcp.example.com/')).toBe(
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    );
  });

  it('A-12: offline_access is never listed in scopes_supported', () => {
    const { metadata } = protectedResource({
      resource: 'https://mcp.example.com/mcp',
      authorizationServers: ['https://auth.example.com'],
      scopesSupported: ['mcp:tools', 'offline_access'],
    });
    expect(metadata.scopes_supported).toEqual(['mcp:tools']);
  });

  it('A-30: the resource is canonical (lowercase host, no fragment, no trailing slash)', () => {
    expect(canonicalResourceUri('HTTPS://MCP.Example.com/mcp/#x')).toBe('https://mcp.example.com/mcp');
    expect(canonicalResourceUri('https://mcp.example.com')).toBe('https://mcp.example.com');
    expect(() => canonicalResourceUri('ftp://mcp.example.com')).toThrow(TypeError);
  });
});
