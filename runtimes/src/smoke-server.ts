// The server every runtime serves: a tool that reports progress, a tool that asks the user a question
// (multi round-trip), and a tool that registers another one, which open listens hear as list_changed.
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

export function createSmokeServer(): McpServer {
  const server = new McpServer({ name: 'runtime-smoke', version: '1.0.0' });
  server.tool('count', { inputSchema: z.object({ to: z.number().int().min(1) }) }, async ({ to }, ctx) => {
    for (let step = 1; step <= to; step++) ctx.progress(step, to, `step ${step}`);
    return { content: [{ type: 'text', text: `counted to ${to}` }] };
  });
  server.tool('book', { inputSchema: z.object({ city: z.string() }) }, async ({ city }, ctx) => {
    const answer = await ctx.elicit('seats', {
      message: `How many seats in ${city}?`,
      requestedSchema: { type: 'object', properties: { seats: { type: 'integer' } }, required: ['seats'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'cancelled' }] };
    return { content: [{ type: 'text', text: `booked ${answer.content.seats} seats in ${city}` }] };
  });
  server.tool('add_tool', { inputSchema: z.object({ name: z.string() }) }, async ({ name }) => {
    server.tool(name, { description: 'Added while a client listens' }, () => ({ content: [] }));
    return { content: [{ type: 'text', text: `added ${name}` }] };
  });
  return server;
}
