// The minimal client of client-bundle-entry.mjs from the entries that speak MCP 2026-07-28 only, which
// leave the 2025-era fallback out: an app that talks only to 2026-07-28 servers ships this.
import { McpClient } from '@mcpkit/client/modern';
import { createHttpClientTransport } from '@mcpkit/transport-http/modern';

const client = new McpClient(createHttpClientTransport('http://localhost:3000/mcp'), {
  clientInfo: { name: 'app', version: '1.0.0' },
});
console.log(await client.callTool('echo', { text: 'hello' }));
