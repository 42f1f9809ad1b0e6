// Deno: the smoke server on Deno.serve and the smoke client, in one process.
import { createFetchHandler } from '@mcpkit/transport-http';
import { runSmoke } from './smoke-client.js';
import { createSmokeServer } from './smoke-server.js';

const server = Deno.serve(
  { hostname: '127.0.0.1', port: 0, onListen: () => {} },
  createFetchHandler(createSmokeServer()),
);
try {
  console.log(JSON.stringify(await runSmoke(`http://127.0.0.1:${server.addr.port}/mcp`)));
} finally {
  await server.shutdown();
}
