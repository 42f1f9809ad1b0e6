// The minimal client of client-bundle-entry-modern.mjs from @mcpkit/client/minimal, which leaves JSON Schema
// validation to the app: this app chooses none (validateWith: false), so no validator is bundled.
import { McpClient } from '@mcpkit/client/minimal';
import { createHttpClientTransport } from '@mcpkit/transport-http/modern';

const client = new McpClient(createHttpClientTransport('http://localhost:3000/mcp'), {
  clientInfo: { name: 'app', version: '1.0.0' },
  validateWith: false,
});
console.log(await client.callTool('echo', { text: 'hello' }));
