// An app on zod 3.25: its classic zod 3 schemas go through fromZod3; its `zod/v4` schemas need nothing.
import { strict as assert } from 'node:assert';
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { fromZod3 } from '@mcpkit/server/zod3';
import { z } from 'zod';
import { z as z4 } from 'zod/v4';

const server = new McpServer({ name: 'zod3-app', version: '1.0.0' });
server.tool(
  'add',
  {
    inputSchema: fromZod3(z.object({ a: z.number(), b: z.number().default(1) })),
    outputSchema: fromZod3(z.object({ sum: z.number() })),
  },
  ({ a, b }) => {
    // @ts-expect-error `a` is a number, typed from the zod 3 schema
    const text: string = a;
    return { structuredContent: { sum: a + b }, content: [{ type: 'text', text: `${text}` }] };
  },
);
server.tool('shout', { inputSchema: z4.object({ word: z4.string() }) }, ({ word }) => ({
  content: [{ type: 'text', text: word.toUpperCase() }],
}));

const client = new McpClient(createInMemoryTransport(server), {
  clientInfo: { name: 'zod3-app', version: '1.0.0' },
});
await client.connect();
const tools = await client.listTools();
assert.equal(tools.tools[0]?.inputSchema.$schema, 'http://json-schema.org/draft-07/schema#');
assert.deepEqual((await client.callTool('add', { a: 2 })).structuredContent, { sum: 3 });
assert.equal((await client.callTool('add', { a: 'two' })).isError, true);
assert.deepEqual((await client.callTool('shout', { word: 'hi' })).content, [{ type: 'text', text: 'HI' }]);
console.log('zod 3.25: typed tools called');
