// @mcpkit/auth on the server: a Worker whose requests carry verified tokens, with per-tool scopes.
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

const server = new McpServer({ name: 'files', version: '1.0.0' });
const inputSchema = z.object({ path: z.string() });
const deleteFile = ({ path }: { path: string }) => ({
  content: [{ type: 'text' as const, text: `deleted ${path}` }],
});

// #region auth-server
import { jwtVerifier, protectServer } from '@mcpkit/auth/server';
import { createFetchHandler } from '@mcpkit/transport-http';

const resource = 'https://mcp.example.com/mcp';
server.tool('delete_file', { scopes: ['files:write'], inputSchema }, deleteFile); // per-tool scopes
const auth = protectServer(server, {
  resource,
  authorizationServers: ['https://auth.example.com'],
  scopesSupported: ['mcp:tools'],
  requiredScopes: ['mcp:tools'],
  verifier: jwtVerifier({
    issuer: 'https://auth.example.com',
    jwksUri: 'https://auth.example.com/jwks',
    audience: resource,
  }),
});
export default { fetch: createFetchHandler(server, { ...auth, allowedHosts: ['mcp.example.com'] }) };
// #endregion auth-server
