import type { ClientTransport } from '@mcpkit/protocol';
import { McpClientCore } from './client.js';
import { bundledJsonSchema } from './json-schema-loader.js';
import { modernOnly } from './modern-era.js';
import type { McpClientOptions } from './options.js';

/**
 * The `McpClient` of `@mcpkit/client`, speaking MCP 2026-07-28 only: the same API and behaviour
 * with every server of that revision, without the 2025-era support (`initialize`, sessions, the
 * server's own requests, the deprecated HTTP+SSE transport), which a bundle of it leaves out. It
 * connects as `era: 'modern'` does: an older server is a `LegacyServerError` (T-23), and
 * `era: 'legacy'` is an `McpClientError`.
 *
 * @example
 * ```ts
 * import { McpClient } from '@mcpkit/client/modern';
 * import { createHttpClientTransport } from '@mcpkit/transport-http/modern';
 *
 * const client = new McpClient(createHttpClientTransport('https://mcp.example.com/mcp'));
 * console.log(await client.callTool('echo', { text: 'hello' }));
 * ```
 */
export class McpClient extends McpClientCore {
  constructor(transport: ClientTransport, options: McpClientOptions = {}) {
    super(transport, options, modernOnly, bundledJsonSchema);
  }
}
