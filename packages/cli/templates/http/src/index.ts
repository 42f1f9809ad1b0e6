// Serves the server over Streamable HTTP at http://127.0.0.1:3000/mcp (PORT and HOST change it).
import { serveHttp } from '@mcpkit/transport-http/node';
import { createServer } from './server.js';

const server = createServer();
const http = await serveHttp(server, {
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 3000),
});
console.log(`MCP server listening on ${http.url}`);

async function stop(): Promise<void> {
  await server.close();
  await http.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
