// mcpkit's server for every workload: `echo` plus filler tools, with the same zod schemas as the official
// subject, built once.
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';
import { echoTool, fillerTool } from '../../lib/mcp-wire.mjs';

const echoInput = z.object({ text: z.string() });
const fillerInput = z.object({
  city: z.string().describe('City name'),
  days: z.number().int().min(1).optional(),
});
const echo = async ({ text }) => ({ content: [{ type: 'text', text }] });
const filler = async () => ({ content: [{ type: 'text', text: 'done' }] });

/** An `McpServer` serving `echo` and `toolCount - 1` filler tools; `options` go to `McpServer`. */
export function createEchoServer(toolCount, options = {}) {
  const server = new McpServer({ name: 'mcpkit-bench', version: '0.0.0' }, options);
  server.tool('echo', { description: echoTool.description, inputSchema: echoInput }, echo);
  for (let i = 1; i < toolCount; i++) {
    const tool = fillerTool(i);
    server.tool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: fillerInput,
        annotations: tool.annotations,
      },
      filler,
    );
  }
  return server;
}
