// The official SDK v2's server for every workload: `echo` plus filler tools, registered with zod schemas
// built once (a factory runs per HTTP request, so schemas are hoisted as a real deployment would).
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { echoTool, fillerTool } from '../../lib/mcp-wire.mjs';

const echoInput = z.object({ text: z.string() });
const fillerInput = z.object({
  city: z.string().describe('City name'),
  days: z.number().int().min(1).optional(),
});
const echo = async ({ text }) => ({ content: [{ type: 'text', text }] });
const filler = async () => ({ content: [{ type: 'text', text: 'done' }] });

/** A factory for `createMcpHandler` / `serveStdio` serving `toolCount` tools. */
export function echoServerFactory(toolCount) {
  const fillers = Array.from({ length: toolCount - 1 }, (_, i) => fillerTool(i + 1));
  return () => {
    const server = new McpServer({ name: 'official-bench', version: '0.0.0' });
    server.registerTool('echo', { description: echoTool.description, inputSchema: echoInput }, echo);
    for (const tool of fillers) {
      server.registerTool(
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
  };
}
