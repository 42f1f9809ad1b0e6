// The client README's opening: connect, list tools, call one with progress, listen for list changes.
// Type-checked only: it talks to a server at a made-up address.
import type { FormElicitation } from '@mcpkit/client';

/** Stands in for the application's own form: answers every field with its default or a placeholder. */
async function askUser(request: FormElicitation): Promise<Record<string, string>> {
  return Object.fromEntries(Object.keys(request.requestedSchema.properties).map((key) => [key, 'yes']));
}

// #region client
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';

const client = new McpClient(createHttpClientTransport('https://mcp.example.com/mcp'), {
  clientInfo: { name: 'my-agent', version: '1.0.0' },
  handlers: {
    elicitation: { form: async (request) => ({ action: 'accept', content: await askUser(request) }) },
  },
});
const server = await client.connect(); // server/discover, version choice
for await (const tool of client.iterateTools()) console.log(tool.name);
const result = await client.callTool(
  'deploy',
  { region: 'eu' },
  { onProgress: (p) => console.log(p.progress) },
);
for await (const change of client.listen({ toolsListChanged: true })) console.log(change.method);
// #endregion client

console.log(server, result);
