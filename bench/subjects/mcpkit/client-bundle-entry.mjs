// The minimal mcpkit client a browser app ships: connect over Streamable HTTP, call one tool.
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';

const client = new McpClient(createHttpClientTransport('http://localhost:3000/mcp'), {
  clientInfo: { name: 'app', version: '1.0.0' },
});
console.log(await client.callTool('echo', { text: 'hello' }));
