// Hello world over stdio, the client side: spawns hello-stdio-server.js and calls its tool.
// #region stdio-client
import { McpClient } from '@mcpkit/client';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';

const transport = createStdioClientTransport({
  command: process.execPath,
  args: [new URL('./hello-stdio-server.js', import.meta.url).pathname],
});
const client = new McpClient(transport, { clientInfo: { name: 'hello-stdio', version: '1.0.0' } });
await client.connect();
const result = await client.callTool(
  'get_weather',
  { city: 'Lisbon' },
  { onProgress: (progress) => console.log('progress', progress.progress, progress.message) },
);
console.log(result.structuredContent);
await client.close();
// #endregion stdio-client
