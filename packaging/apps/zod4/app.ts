// An app on zod 4: its schemas are tool schemas as they are.
import { strict as assert } from 'node:assert';
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

const server = new McpServer({ name: 'zod4-app', version: '1.0.0' });
server.tool(
  'add',
  {
    inputSchema: z.object({ a: z.number(), b: z.number().default(1) }),
    outputSchema: z.object({ sum: z.number() }),
  },
  ({ a, b }) => {
    // @ts-expect-error `a` is a number, typed from the zod schema
    const text: string = a;
    return { structuredContent: { sum: a + b }, content: [{ type: 'text', text: `${text}` }] };
  },
);

const client = new McpClient(createInMemoryTransport(server), {
  clientInfo: { name: 'zod4-app', version: '1.0.0' },
});
await client.connect();
const tools = await client.listTools();
assert.deepEqual(tools.tools[0]?.inputSchema.required, ['a']);
assert.deepEqual((await client.callTool('add', { a: 2 })).structuredContent, { sum: 3 });
assert.equal((await client.callTool('add', { a: 'two' })).isError, true);
console.log('zod 4: typed tool called');
