// Node: the smoke server on node:http (serveHttp) and the smoke client, in one process.
import { serveHttp } from '@mcpkit/transport-http/node';
import { runSmoke } from './smoke-client.js';
import { createSmokeServer } from './smoke-server.js';

const http = await serveHttp(createSmokeServer(), { port: 0, closeTimeoutMs: 0 });
try {
  console.log(JSON.stringify(await runSmoke(http.url)));
} finally {
  await http.close();
}
