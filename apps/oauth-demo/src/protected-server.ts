import { jwtVerifier, type ProtectedHttpOptions, protectServer } from '@mcpkit/auth/server';
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
  /** The issuer's JWKS URL. */
  jwksUri: string;
  /** Leeway for token expiry, in seconds (default 10). */
  clockToleranceSec?: number;
}

/**
 * The everything server, plus `write_note` (scope `notes:write`), protected by
 * `@mcpkit/auth/server`: every request needs `mcp:tools`, tokens are JWTs (RFC 9068) from
 * `issuer` for `resource`, bearer or DPoP-bound (RFC 9449), and lists show only what the
 * caller may use.
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
    verifier: jwtVerifier({
      issuer: options.issuer,
      jwksUri: options.jwksUri,
      audience: options.resource,
      typ: 'at+jwt',
      clockToleranceSec: options.clockToleranceSec ?? 10,
    }),
  });
  return { server, auth };
}
