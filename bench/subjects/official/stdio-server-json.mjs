// The official SDK v2's stdio server with its tools declared in plain JSON Schema (`fromJsonSchema`), so the
// app itself loads no zod (the SDK still does): the same tools and answers as `stdio-server.mjs`.
// Usage: node stdio-server-json.mjs [--tools N]
import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { echoTool, fillerTool, toolCountFromArgv } from '../../lib/mcp-wire.mjs';

const echo = async ({ text }) => ({ content: [{ type: 'text', text }] });
const filler = async () => ({ content: [{ type: 'text', text: 'done' }] });
const echoInput = fromJsonSchema(echoTool.inputSchema);
const fillers = Array.from({ length: toolCountFromArgv() - 1 }, (_, i) => fillerTool(i + 1));
const fillerInput = fillers.length > 0 ? fromJsonSchema(fillers[0].inputSchema) : undefined;

serveStdio(() => {
  const server = new McpServer({ name: 'official-bench', version: '0.0.0' });
  server.registerTool('echo', { description: echoTool.description, inputSchema: echoInput }, echo);
  for (const { name, inputSchema, ...tool } of fillers) {
    server.registerTool(name, { ...tool, inputSchema: fillerInput }, filler);
  }
  return server;
});
