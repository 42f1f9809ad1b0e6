import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

/** The server: its tools, resources and prompts, whichever transport serves it. */
export function createServer(): McpServer {
  const server = new McpServer(
    { name: 'my-server', version: '0.1.0' },
    { instructions: 'Adds numbers. Read notes://readme to learn more.' },
  );

  server.tool(
    'add',
    {
      description: 'Adds two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({ sum: z.number() }),
    },
    async ({ a, b }) => ({ structuredContent: { sum: a + b } }),
  );

  server.resource(
    'notes://readme',
    { name: 'readme', description: 'What this server does', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri, mimeType: 'text/plain', text: 'This server adds numbers.' }] }),
  );

  return server;
}
