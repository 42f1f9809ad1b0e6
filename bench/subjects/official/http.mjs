// Official SDK v2, HTTP client: `StreamableHTTPClientTransport`, client pinned to 2026-07-28.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { connectClient } from './client.mjs';

export const serverScript = new URL('./http-server.mjs', import.meta.url);

export function connect(url) {
  return connectClient(new StreamableHTTPClientTransport(new URL(url)));
}
