import type { ClientTransport } from '@mcpkit/protocol';
import { chooseSender } from './engine.js';
import { openHttpClientTransport } from './http-client-transport.js';
import type { HttpClientTransportOptions } from './transport-options.js';

/**
 * A `ClientTransport` over Streamable HTTP that speaks MCP 2026-07-28 only: the transport of
 * `@mcpkit/transport-http`, with the same options and rules, minus the 2025-era wire (sessions,
 * the server's own requests, the GET stream, the deprecated HTTP+SSE transport), which a bundle
 * of it leaves out. It has none of `ClientTransport`'s optional 2025-era members, so a client
 * never falls back over it: `McpClient` fails to connect to an older server with
 * `LegacyServerError`.
 *
 * @example
 * ```ts
 * import { McpClient } from '@mcpkit/client';
 * import { createHttpClientTransport } from '@mcpkit/transport-http/modern';
 *
 * const client = new McpClient(createHttpClientTransport('https://mcp.example.com/mcp'));
 * ```
 */
export function createHttpClientTransport(
  url: string | URL,
  options: HttpClientTransportOptions = {},
): ClientTransport {
  return openHttpClientTransport(url, options, chooseSender(options.engine, options.fetch), undefined);
}
