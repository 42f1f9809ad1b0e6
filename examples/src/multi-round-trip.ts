// A tool that asks the user a question (multi round-trip requests): the server never waits; the
// client answers with its elicitation handler and retries, and the handler runs again with the answer.
// #region multi-round-trip
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

const prices: Record<string, number> = { Porto: 40 };
const server = new McpServer({ name: 'booking', version: '1.0.0' });
server.tool('book', { inputSchema: z.object({ city: z.string() }) }, async ({ city }, ctx) => {
  const price = await ctx.once('price', () => prices[city] ?? 50); // runs once, replayed on retries
  const answer = await ctx.elicit('confirm', {
    message: `Book a table in ${city} for ${price}?`,
    requestedSchema: { type: 'object', properties: { seats: { type: 'integer' } }, required: ['seats'] },
  });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
  return { content: [{ type: 'text', text: `Booked ${answer.content.seats} seats in ${city}` }] }; // seats: number
});

export async function bookWithTwoSeats(): Promise<string> {
  const client = new McpClient(createInMemoryTransport(server), {
    handlers: { elicitation: { form: async () => ({ action: 'accept', content: { seats: 2 } }) } },
  });
  await client.connect();
  const result = await client.callTool('book', { city: 'Porto' });
  await client.close();
  const [first] = result.content;
  return first?.type === 'text' ? first.text : ''; // 'Booked 2 seats in Porto'
}
// #endregion multi-round-trip
