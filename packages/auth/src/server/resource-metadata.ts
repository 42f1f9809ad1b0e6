/** What `protectedResource` needs to describe this server to OAuth clients (RFC 9728). */
export interface ProtectedResourceConfig {
  /**
   * This server's canonical resource URI (RFC 8707), the URL clients send requests to, e.g.
   * `https://mcp.example.com/mcp`. Access tokens must name it as their audience.
   */
  resource: string;
  /** Issuer URLs of the authorization servers that issue tokens for this server; at least one. */
  authorizationServers: readonly string[];
  /** Scopes clients may ask for; `offline_access` is never listed. */
  scopesSupported?: readonly string[];
  /** A human-readable name shown by clients. */
  resourceName?: string;
  /** A URL of documentation for developers. */
  resourceDocumentation?: string;
  /** Other RFC 9728 fields, copied into the document as given. */
  extra?: Record<string, unknown>;
}

/** The metadata of a protected resource, ready for `@mcpkit/transport-http`. */
export interface ProtectedResource {
  /** The canonical resource URI, normalized (lowercase scheme and host, no fragment). */
  readonly resource: string;
  /** The RFC 9728 document; pass it as the transport's `protectedResourceMetadata` option. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** The path-inserted well-known URL of the document, named in every challenge. */
  readonly metadataUrl: string;
}

const WELL_KNOWN = '/.well-known/oauth-protected-resource';
const OFFLINE_ACCESS = 'offline_access';

/**
 * The canonical form of a resource URI: an absolute `http(s)` URL with lowercase scheme
 * and host, no fragment, no query, and no trailing slash (`https://mcp.example.com`,
 * `https://mcp.example.com/mcp`). Throws a `TypeError` for anything else.
 */
export function canonicalResourceUri(uri: string): string {
  const url = new URL(uri);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`resource must be an http(s) URL, got ${url.protocol}`);
  }
  url.hash = '';
  url.search = '';
  const text = url.href;
  return text.endsWith('/') ? text.slice(0, -1) : text;
}

/**
 * The RFC 9728 well-known URL for a resource: `/.well-known/oauth-protected-resource` inserted
 * between the origin and the resource's path.
 */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.origin}${WELL_KNOWN}${path}`;
}

/**
 * Describes this server as an OAuth protected resource from one config. The
 * HTTP transport serves `metadata` at both the path-inserted and the root well-known location.
 *
 * @example
 * ```ts
 * const resource = protectedResource({
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   scopesSupported: ['mcp:tools'],
 * });
 * createFetchHandler(server, { protectedResourceMetadata: resource.metadata });
 * ```
 */
export function protectedResource(config: ProtectedResourceConfig): ProtectedResource {
  if (config.authorizationServers.length === 0) {
    throw new RangeError('authorizationServers must list at least one authorization server');
  }
  const resource = canonicalResourceUri(config.resource);
  const metadata: Record<string, unknown> = {
    ...config.extra,
    resource,
    authorization_servers: [...config.authorizationServers],
    bearer_methods_supported: ['header'],
  };
  if (config.scopesSupported !== undefined) {
    metadata.scopes_supported = config.scopesSupported.filter((scope) => scope !== OFFLINE_ACCESS);
  }
  if (config.resourceName !== undefined) metadata.resource_name = config.resourceName;
  if (config.resourceDocumentation !== undefined) {
    metadata.resource_documentation = config.resourceDocumentation;
  }
  return { resource, metadata, metadataUrl: resourceMetadataUrl(resource) };
}
