import { type AuthInfo, decodeHeaderValue, type Method } from '@mcpkit/protocol';
import type { McpServer } from '@mcpkit/server';
import { type AuthRequest, tokenAuthenticator } from './authenticate.js';
import type { DpopOptions } from './dpop.js';
import { type ProtectedResourceConfig, protectedResource } from './resource-metadata.js';
import { scopeGuard } from './scope-guard.js';
import { challengeScopes, type ScopeHierarchy } from './scopes.js';
import { audienceBound, type TokenVerifier } from './verifier.js';

/** Options of `protectServer`: the resource's metadata, how tokens are verified, what scopes are needed. */
export interface ProtectServerOptions extends ProtectedResourceConfig {
  /**
   * Checks each access token: `jwtVerifier`, `introspectionVerifier` or your own. Whatever its
   * configured audience, a token whose `aud` does not name `resource` is refused.
   */
  verifier: TokenVerifier;
  /** Scopes every request needs. */
  requiredScopes?: readonly string[];
  /** Scopes per method (e.g. `{ 'tools/call': ['mcp:tools'] }`), on top of each registration's `scopes`. */
  methodScopes?: Readonly<Partial<Record<Method, readonly string[]>>>;
  /** Broad scopes that imply narrower ones. */
  scopeHierarchy?: ScopeHierarchy;
  /** Leave out of lists what the caller cannot use; default `false`. */
  filterLists?: boolean;
  /** Accept DPoP-bound tokens (RFC 9449). */
  dpop?: DpopOptions;
  /** Serve callers without a token too, with what needs no scope (default `false`). */
  optional?: boolean;
}

/** The `@mcpkit/transport-http` options that protect a server. */
export interface ProtectedHttpOptions {
  authenticate: (request: AuthRequest) => Promise<AuthInfo | Response | undefined>;
  protectedResourceMetadata: Readonly<Record<string, unknown>>;
}

/**
 * Protects an `McpServer` served over `@mcpkit/transport-http`, from one config: the
 * Protected Resource Metadata document, token verification on every request
 * (A-7, A-8; a token must name `resource` as its audience, whatever the verifier
 * accepts), and the scopes of `requiredScopes`, `methodScopes` and each registration's
 * `scopes` enforced before the handler with 401/403 challenges (A-9..A-12). Spread the
 * result into the transport's options.
 *
 * @example
 * ```ts
 * const auth = protectServer(server, {
 *   resource: 'https://mcp.example.com/mcp',
 *   authorizationServers: ['https://auth.example.com'],
 *   verifier: jwtVerifier({ issuer, jwksUri, audience: 'https://mcp.example.com/mcp' }),
 * });
 * const handler = createFetchHandler(server, { ...auth, allowedHosts: ['mcp.example.com'] });
 * ```
 */
export function protectServer(server: McpServer, options: ProtectServerOptions): ProtectedHttpOptions {
  const resource = protectedResource(options);
  const base = options.requiredScopes ?? [];
  server.use(
    scopeGuard(server, {
      requiredScopes: base,
      methodScopes: options.methodScopes,
      scopeHierarchy: options.scopeHierarchy,
      filterLists: options.filterLists,
      resourceMetadataUrl: resource.metadataUrl,
    }),
  );
  // A 2026-07-28 request names its operation in headers, so even its 401 can list what it needs.
  const scopesFor = (request: AuthRequest): readonly string[] => {
    const method = request.headers.get('mcp-method') as Method | null;
    if (method === null) return challengeScopes(base);
    const rawName = request.headers.get('mcp-name');
    const name = rawName === null ? undefined : decodeHeaderValue(rawName);
    let registered: readonly string[] = [];
    if (name !== undefined && (method === 'tools/call' || method === 'prompts/get')) {
      registered = server.requiredScopes(method === 'tools/call' ? { tool: name } : { prompt: name });
    } else if (name !== undefined && method === 'resources/read') {
      registered = server.requiredScopes({ resource: name });
    }
    // The header is the client's: only an own key of the map counts (not `__proto__`, `constructor`).
    const methodScopes = options.methodScopes;
    const forMethod =
      methodScopes !== undefined && Object.hasOwn(methodScopes, method) ? methodScopes[method] : undefined;
    return challengeScopes(base, forMethod, registered);
  };
  const authenticate = tokenAuthenticator({
    verifier: audienceBound(options.verifier, resource.resource),
    resourceMetadataUrl: resource.metadataUrl,
    challengeScopes: scopesFor,
    dpop: options.dpop,
    optional: options.optional,
  });
  return { authenticate, protectedResourceMetadata: resource.metadata };
}
