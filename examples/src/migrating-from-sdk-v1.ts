// The server of docs/migrating-from-sdk-v1.md, written with mcpkit: a tool with progress, logging
// and a question to the user, served over Streamable HTTP. It runs as written; the smoke test
// calls it.
// #region migrated
import { McpServer } from '@mcpkit/server';
import { serveHttp } from '@mcpkit/transport-http/node';
import * as z from 'zod';

export const server = new McpServer({ name: 'booking', version: '1.0.0' }, { capabilities: { logging: {} } });

server.tool(
  'book_table',
  { description: 'Books a table', inputSchema: { city: z.string(), seats: z.number().int() } },
  async ({ city, seats }, ctx) => {
    ctx.progress(1, 3, 'Looking for a table');
    ctx.log.info(`Searching ${city}`);
    const price = await ctx.once('price', () => quote(city, seats)); // asked once, replayed on retries
    const answer = await ctx.elicit('confirm', {
      message: `Book ${seats} seats in ${city} for ${price} EUR?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (answer.action !== 'accept' || !answer.content.ok) {
      return { content: [{ type: 'text', text: 'Not booked' }] };
    }
    ctx.progress(3, 3, 'Booked');
    return { content: [{ type: 'text', text: `Booked ${seats} seats in ${city}` }] };
  },
);

export async function serve(port = 3000) {
  return serveHttp(server, { port }); // http://127.0.0.1:3000/mcp
}
// #endregion migrated

async function quote(_city: string, seats: number): Promise<number> {
  return 20 * seats;
}
