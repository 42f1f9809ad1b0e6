// Hello world over Streamable HTTP on Node: serves the weather server, calls it, and stops.
// #region http
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { serveHttp } from '@mcpkit/transport-http/node';
import { createWeatherServer } from './weather-server.js';

const http = await serveHttp(createWeatherServer(), { port: 0 }); // 127.0.0.1, a free port
console.log('serving', http.url);

const client = new McpClient(createHttpClientTransport(http.url), {
  clientInfo: { name: 'hello-http', version: '1.0.0' },
});
await client.connect();
console.log((await client.callTool('get_weather', { city: 'Oslo' })).structuredContent);
await client.close();
await http.close();
// #endregion http
