import {
  introspectionVerifier,
  jwtVerifier,
  type ProtectedHttpOptions,
  protectServer,
  type TokenVerifier,
} from '@mcpkit/auth/server';
import { createEverythingServer } from '@mcpkit/everything-server';
import type { McpServer } from '@mcpkit/server';
import * as z from 'zod';

/** The scope every request needs, and the wider one `write_note` needs on top (for step-up). */
export const BASE_SCOPE = 'mcp:tools';
export const WRITE_SCOPE = 'notes:write';

/** Where the protected server gets its tokens checked. */
export interface ProtectedServerOptions {
  /** The server's canonical resource URI (its MCP URL). */
  resource: string;
  /** The authorization server's issuer URL. */
  issuer: string;
  /** The issuer's JWKS URL: tokens are JWTs checked against it. */
  jwksUri?: string;
  /** Or the issuer's introspection endpoint and this server's credentials there: tokens are opaque. */
  introspection?: { endpoint: string; clientId: string; clientSecret: string };
  /** Leeway for token expiry, in seconds (default 10). */
  clockToleranceSec?: number;
}

function verifierFor(options: ProtectedServerOptions): TokenVerifier {
  const clockToleranceSec = options.clockToleranceSec ?? 10;
  const common = { issuer: options.issuer, audience: options.resource, clockToleranceSec };
  if (options.introspection !== undefined) {
    // A short cache, so a revoked token stops working within a second.
    return introspectionVerifier({ ...common, ...options.introspection, cacheTtlMs: 1000 });
  }
  if (options.jwksUri === undefined)
    throw new TypeError('createProtectedServer needs jwksUri or introspection');
  // A patient key fetch: the demo runs beside test suites on busy machines.
  return jwtVerifier({ ...common, jwksUri: options.jwksUri, typ: 'at+jwt', jwksTimeoutMs: 10_000 });
}

/**
 * The everything server, plus `write_note` (scope `notes:write`), protected by
 * `@mcpkit/auth/server`: every request needs `mcp:tools`, tokens are JWTs (RFC 9068) or
 * introspected opaque tokens from `issuer` for `resource`, bearer or DPoP-bound (RFC 9449), and
 * lists show only what the caller may use.
 *
 * @example
 * ```ts
 * const { server, auth } = createProtectedServer({ resource, issuer, jwksUri: `${issuer}/jwks` });
 * const handler = createNodeHandler(server, { ...auth, path: '/mcp' });
 * ```
 */
export function createProtectedServer(options: ProtectedServerOptions): {
  server: McpServer;
  auth: ProtectedHttpOptions;
} {
  const server = createEverythingServer();
  server.tool(
    'write_note',
    {
      description: 'Writes a note; needs the notes:write scope',
      inputSchema: z.object({ text: z.string() }),
      scopes: [WRITE_SCOPE],
    },
    ({ text }, ctx) => ({ content: [{ type: 'text', text: `${ctx.auth?.principal} wrote: ${text}` }] }),
  );
  const auth = protectServer(server, {
    resource: options.resource,
    authorizationServers: [options.issuer],
    scopesSupported: [BASE_SCOPE],
    requiredScopes: [BASE_SCOPE],
    filterLists: true,
    dpop: {},
    verifier: verifierFor(options),
  });
  return { server, auth };
}
