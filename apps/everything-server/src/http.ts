// Serves the everything server over Streamable HTTP and prints `MCP_SERVER_URL=<url>` once ready.
import { serveHttp } from '@mcpkit/transport-http/node';
import { parseListenArgs } from './args.js';
import { createEverythingServer } from './server.js';

async function main(): Promise<void> {
  const { host, port } = parseListenArgs(process.argv.slice(2), process.env);
  const server = createEverythingServer();
  // 2025-era sessions: a request still running after 1 s has its SSE response ended, and the
  // client resumes it with Last-Event-ID (SSE polling; test_reconnection shows it).
  const http = await serveHttp(server, { host, port, pollAfterMs: 1000 });
  const stop = async () => {
    // The server queues each open listen's final result (S-50); http.close() lets them be written.
    await server.close();
    await http.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Ready: whoever waits for this line may stop the server at once.
  process.stdout.write(`MCP_SERVER_URL=${http.url}\n`);
}

main().catch((error: unknown) => {
  console.error(`everything-server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
