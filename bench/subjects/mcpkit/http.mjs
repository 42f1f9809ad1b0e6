// mcpkit, HTTP client: `createHttpClientTransport` from @mcpkit/transport-http (its node:http engine on Node).
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { connectClient } from './client.mjs';

export const serverScript = new URL('./http-server.mjs', import.meta.url);

export function connect(url) {
  return connectClient(createHttpClientTransport(url));
}
