import type { ClientTransport } from '@mcpkit/protocol';
import { McpClientCore } from './client.js';
import { legacyEra } from './legacy/support.js';
import type { McpClientOptions } from './options.js';

/**
 * An MCP 2026-07-28 client over any `ClientTransport`. It probes the server with
 * `server/discover` and picks the version, puts the per-request `_meta` on every request,
 * answers `input_required` with the registered handlers, caches what the server says is
 * cacheable, and never waits forever. A server older than 2026-07-28 is spoken to in its own era
 * (`initialize`, sessions, the deprecated HTTP+SSE transport) unless `era` says otherwise; an
 * application that talks only to 2026-07-28 servers ships less code with the same class from
 * `@mcpkit/client/modern`.
 *
 * @example
 * ```ts
 * const client = new McpClient(transport, {
 *   clientInfo: { name: 'my-agent', version: '1.0.0' },
 *   handlers: { elicitation: { form: async (request) => ({ action: 'accept', content: await ask(request) }) } },
 * });
 * await client.connect();
 * for await (const tool of client.iterateTools()) console.log(tool.name);
 * const result = await client.callTool('add', { a: 1, b: 2 }, { onProgress: console.log });
 * ```
 */
export class McpClient extends McpClientCore {
  constructor(transport: ClientTransport, options: McpClientOptions = {}) {
    super(transport, options, legacyEra);
  }
}
