// mcpkit's stdio server with its echo tool declared in JSON Schema, so the app loads no zod: what mcpkit
// itself costs. The same tool, answer and transport as the mcpkit subject's server.
import { McpServer } from '@mcpkit/server';
import { serveStdio } from '@mcpkit/transport-stdio';
import { echoTool } from '../lib/mcp-wire.mjs';

const server = new McpServer({ name: 'mcpkit-bench', version: '0.0.0' });
server.tool(
  'echo',
  { description: echoTool.description, inputSchema: echoTool.inputSchema },
  async ({ text }) => ({
    content: [{ type: 'text', text }],
  }),
);
serveStdio(server);
