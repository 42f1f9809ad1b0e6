// An app on zod 4: its schemas are tool schemas as they are.
import { strict as assert } from 'node:assert';
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

// zod 4.0 schemas have no toJSONSchema of their own: registrations compile once the server loads
// zod, and a refused one reaches onError.
const refused: unknown[] = [];
const server = new McpServer(
  { name: 'zod4-app', version: '1.0.0' },
  { onError: (error) => refused.push(error) },
);
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

// The official SDK's habits: a raw shape, and a schema where the config goes.
server.tool('greet', { name: z.string(), greeting: z.string().default('Hello') }, ({ name, greeting }) => ({
  content: [{ type: 'text', text: `${greeting}, ${name}` }],
}));
server.tool('twice', z.object({ n: z.number() }), ({ n }) => ({
  content: [{ type: 'text', text: `${n * 2}` }],
}));
server.tool('halve', { inputSchema: { n: z.number() }, outputSchema: { half: z.number() } }, ({ n }) => ({
  structuredContent: { half: n / 2 },
}));
// @ts-expect-error a string is no object of arguments: refused by the compiler, and at run time
server.tool('bad', { inputSchema: z.string() }, () => ({ content: [] }));

const client = new McpClient(createInMemoryTransport(server), {
  clientInfo: { name: 'zod4-app', version: '1.0.0' },
});
await client.connect();
const tools = await client.listTools();
assert.deepEqual(tools.tools[0]?.inputSchema.required, ['a']);
assert.deepEqual((await client.callTool('add', { a: 2 })).structuredContent, { sum: 3 });
assert.equal((await client.callTool('add', { a: 'two' })).isError, true);
assert.match(String(refused[0]), /tool "bad": inputSchema must describe an object of arguments/);
assert.equal(
  tools.tools.some((tool) => tool.name === 'bad'),
  false,
);
const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;
assert.equal(text(await client.callTool('greet', { name: 'Ada' })), 'Hello, Ada');
assert.equal(text(await client.callTool('twice', { n: 4 })), '8');
assert.deepEqual((await client.callTool('halve', { n: 4 })).structuredContent, { half: 2 });
console.log('zod 4: typed tool called');
