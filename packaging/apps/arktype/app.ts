// An app on ArkType: its types are Standard JSON Schemas already.
import { strict as assert } from 'node:assert';
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { type } from 'arktype';

const server = new McpServer({ name: 'arktype-app', version: '1.0.0' });
server.tool(
  'add',
  { inputSchema: type({ a: 'number', b: 'number' }), outputSchema: type({ sum: 'number' }) },
  ({ a, b }) => {
    // @ts-expect-error `a` is a number, typed from the ArkType type
    const text: string = a;
    return { structuredContent: { sum: a + b }, content: [{ type: 'text', text: `${text}` }] };
  },
);

const client = new McpClient(createInMemoryTransport(server), {
  clientInfo: { name: 'arktype-app', version: '1.0.0' },
});
await client.connect();
const tools = await client.listTools();
assert.deepEqual(tools.tools[0]?.inputSchema.required, ['a', 'b']);
assert.deepEqual((await client.callTool('add', { a: 2, b: 1 })).structuredContent, { sum: 3 });
assert.equal((await client.callTool('add', { a: 'two', b: 1 })).isError, true);
console.log('ArkType: typed tool called');
