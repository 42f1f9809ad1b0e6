// An app on valibot: its schemas describe themselves through @valibot/to-json-schema.
import { strict as assert } from 'node:assert';
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';

const server = new McpServer({ name: 'valibot-app', version: '1.0.0' });
server.tool(
  'add',
  {
    inputSchema: toStandardJsonSchema(v.object({ a: v.number(), b: v.optional(v.number(), 1) })),
    outputSchema: toStandardJsonSchema(v.object({ sum: v.number() })),
  },
  ({ a, b }) => {
    // @ts-expect-error `a` is a number, typed from the valibot schema
    const text: string = a;
    return { structuredContent: { sum: a + b }, content: [{ type: 'text', text: `${text}` }] };
  },
);

const client = new McpClient(createInMemoryTransport(server), {
  clientInfo: { name: 'valibot-app', version: '1.0.0' },
});
await client.connect();
const tools = await client.listTools();
assert.deepEqual(tools.tools[0]?.inputSchema.required, ['a']);
assert.deepEqual((await client.callTool('add', { a: 2 })).structuredContent, { sum: 3 });
assert.equal((await client.callTool('add', { a: 'two' })).isError, true);
console.log('valibot: typed tool called');
