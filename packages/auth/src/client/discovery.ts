import * as oauth from 'oauth4webapi';
import { OAuthClientError } from './errors.js';
import { getJson, type HttpContext, readJsonObject } from './http.js';

/** An OAuth 2.0 Protected Resource Metadata document (RFC 9728), checked for what the client uses. */
export interface ResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported?: string[];
  dpop_signing_alg_values_supported?: string[];
  dpop_bound_access_tokens_required?: boolean;
  [field: string]: unknown;
}

const PRM_WELL_KNOWN = '/.well-known/oauth-protected-resource';
/** How many of a metadata document's authorization servers are tried: a long hostile list costs little. */
const MAX_AUTHORIZATION_SERVERS = 5;

function pathOf(url: URL): string {
  return url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
}

/**
 * Where to look for the Protected Resource Metadata, in order: the challenge's
 * `resource_metadata` URL when there is one, else the path-inserted well-known URL, then the root one.
 */
export function resourceMetadataUrls(serverUrl: string, challengeUrl?: string): string[] {
  if (challengeUrl && URL.canParse(challengeUrl, serverUrl)) return [new URL(challengeUrl, serverUrl).href];
  const server = new URL(serverUrl);
  const path = pathOf(server);
  const root = `${server.origin}${PRM_WELL_KNOWN}`;
  return path ? [`${root}${path}`, root] : [root];
}

/**
 * Where to look for an authorization server's metadata, in the spec's order: for an issuer
 * with a path, RFC 8414 path-inserted, OIDC path-inserted, OIDC path-appended; without one, RFC 8414
 * then OIDC.
 */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = pathOf(url);
  const { origin } = url;
  if (!path) {
    return [`${origin}/.well-known/oauth-authorization-server`, `${origin}/.well-known/openid-configuration`];
  }
  return [
    `${origin}/.well-known/oauth-authorization-server${path}`,
    `${origin}/.well-known/openid-configuration${path}`,
    `${origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * Whether a Protected Resource Metadata `resource` names the server at `serverUrl`: same scheme,
 * host and port, and a path equal to the server's or an ancestor of it on a segment boundary
 * (`https://h` and `https://h/mcp` both name `https://h/mcp`; `https://evil/mcp` does not).
 */
export function resourceCovers(resource: string, serverUrl: string): boolean {
  if (!URL.canParse(resource)) return false;
  const claimed = new URL(resource);
  const server = new URL(serverUrl);
  if (claimed.origin !== server.origin || claimed.hash || claimed.search) return false;
  const claimedPath = pathOf(claimed);
  const serverPath = pathOf(server);
  return claimedPath === serverPath || serverPath.startsWith(`${claimedPath}/`);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The document as `ResourceMetadata`, or undefined when it lacks what RFC 9728 requires of it here. */
function checkResourceMetadata(document: Record<string, unknown>): ResourceMetadata | undefined {
  const { resource, authorization_servers: servers, scopes_supported: scopes } = document;
  if (typeof resource !== 'string' || !isStringArray(servers) || servers.length === 0) return undefined;
  if (scopes !== undefined && !isStringArray(scopes)) return undefined;
  if (!servers.every((server) => URL.canParse(server))) return undefined;
  return document as ResourceMetadata;
}

/**
 * Fetches the server's Protected Resource Metadata and checks that it describes this server
 * (RFC 9728 §3.3): a document for another resource is refused, not followed.
 */
export async function discoverResourceMetadata(
  http: HttpContext,
  serverUrl: string,
  challengeUrl: string | undefined,
): Promise<ResourceMetadata> {
  for (const url of resourceMetadataUrls(serverUrl, challengeUrl)) {
    const document = await readJsonObject(await getJson(http, url, 'protected resource metadata'));
    const metadata = document && checkResourceMetadata(document);
    if (!metadata) continue;
    if (!resourceCovers(metadata.resource, serverUrl)) {
      throw new OAuthClientError(
        'resource-mismatch',
        `the protected resource metadata at ${url} is for ${metadata.resource}, not ${serverUrl}`,
      );
    }
    return metadata;
  }
  throw new OAuthClientError('discovery-failed', `no usable protected resource metadata for ${serverUrl}`);
}

/**
 * Fetches an authorization server's metadata from the well-known URLs in the spec's order;
 * a document whose `issuer` is not identical to `issuer` is discarded.
 */
export async function discoverAuthorizationServer(
  http: HttpContext,
  issuer: string,
): Promise<oauth.AuthorizationServer | undefined> {
  for (const url of authorizationServerMetadataUrls(issuer)) {
    const response = await getJson(http, url, 'authorization server metadata');
    if (!response) continue;
    try {
      const metadata = await oauth.processDiscoveryResponse(new URL(issuer), response);
      // oauth4webapi compares normalized URLs; the spec wants the very string.
      if (metadata.issuer === issuer) return metadata;
    } catch {
      await response.body?.cancel().catch(() => {});
    }
  }
  return undefined;
}

/**
 * The first authorization server of the metadata whose own metadata can be discovered and used
 * the client chooses; `prefer` may put one first), among the first five listed.
 */
export async function chooseAuthorizationServer(
  http: HttpContext,
  resource: ResourceMetadata,
  prefer?: (issuers: readonly string[]) => readonly string[],
): Promise<oauth.AuthorizationServer> {
  const issuers = prefer ? prefer(resource.authorization_servers) : resource.authorization_servers;
  for (const issuer of issuers.slice(0, MAX_AUTHORIZATION_SERVERS)) {
    const metadata = await discoverAuthorizationServer(http, issuer);
    if (metadata) return metadata;
  }
  throw new OAuthClientError(
    'discovery-failed',
    `no authorization server metadata could be used for ${resource.authorization_servers.join(', ')}`,
  );
}
