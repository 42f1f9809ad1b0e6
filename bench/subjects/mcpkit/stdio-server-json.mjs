// mcpkit's stdio server with its tools declared in plain JSON Schema, so the app loads no zod: the same tools,
// answers and transport as `stdio-server.mjs`. Usage: node stdio-server-json.mjs [--tools N]
import { McpServer } from '@mcpkit/server';
import { serveStdio } from '@mcpkit/transport-stdio';
import { echoTool, fillerTool, toolCountFromArgv } from '../../lib/mcp-wire.mjs';

const echo = async ({ text }) => ({ content: [{ type: 'text', text }] });
const filler = async () => ({ content: [{ type: 'text', text: 'done' }] });

const server = new McpServer({ name: 'mcpkit-bench', version: '0.0.0' });
server.tool('echo', { description: echoTool.description, inputSchema: echoTool.inputSchema }, echo);
for (let i = 1; i < toolCountFromArgv(); i++) {
  const { name, ...tool } = fillerTool(i);
  server.tool(name, tool, filler);
}
serveStdio(server);
