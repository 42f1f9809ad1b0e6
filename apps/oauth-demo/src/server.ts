// Starts the authorization server and the protected MCP server on loopback, then prints
// `MCP_SERVER_URL=<url>` and `AUTHORIZATION_SERVER_URL=<url>` once both are ready.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHandler } from '@mcpkit/transport-http/node';
import { parseDemoArgs } from './args.js';
import { serveAuthorizationServer } from './authorization-server.js';
import { BASE_SCOPE, createProtectedServer, WRITE_SCOPE } from './protected-server.js';

async function bind(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const name = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${name}:${address.port}`;
}

async function main(): Promise<void> {
  const args = parseDemoArgs(process.argv.slice(2));
  const mcpHttp = createServer();
  const asHttp = createServer();
  const resource = `${await bind(mcpHttp, args.host, args.port)}/mcp`;
  const issuer = await bind(asHttp, args.host, 0);
  const resourceServerClient = {
    clientId: 'mcp-resource-server',
    clientSecret: randomBytes(32).toString('base64url'),
  };
  await serveAuthorizationServer(asHttp, {
    issuer,
    resource,
    scopes: [BASE_SCOPE, WRITE_SCOPE],
    accessTokenTtlSec: args.accessTokenTtlSec,
    accessTokenFormat: args.tokenFormat,
    resourceServerClient,
  });
  const introspection = { endpoint: `${issuer}/token/introspection`, ...resourceServerClient };
  const { server, auth } = createProtectedServer({
    resource,
    issuer,
    ...(args.tokenFormat === 'jwt' ? { jwksUri: `${issuer}/jwks` } : { introspection }),
    clockToleranceSec: args.clockToleranceSec,
  });
  const handler = createNodeHandler(server, { ...auth, path: '/mcp' });
  mcpHttp.on('request', (request, response) => void handler(request, response));
  const stop = async () => {
    await server.close();
    mcpHttp.closeAllConnections();
    asHttp.closeAllConnections();
    mcpHttp.close();
    asHttp.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(`MCP_SERVER_URL=${resource}\nAUTHORIZATION_SERVER_URL=${issuer}\n`);
}

main().catch((error: unknown) => {
  console.error(`oauth-demo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
