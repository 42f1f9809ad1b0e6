// mcpkit's client over any transport, wrapped in the bench's subject client shape.
import { McpClient } from '@mcpkit/client';
import { echoTextOf } from '../../lib/mcp-wire.mjs';

/** Connects an `McpClient` (it probes with `server/discover`) and returns the bench's client shape. */
export async function connectClient(transport, hooks) {
  const client = new McpClient(transport, { clientInfo: { name: 'mcpkit-bench', version: '0.0.0' } });
  if (hooks !== undefined) client.use(hooks);
  await client.connect();
  return {
    callEcho: async (text) => echoTextOf(await client.callTool('echo', { text })),
    listTools: async () => {
      let count = 0;
      for await (const _tool of client.iterateTools({ cache: 'bypass' })) count++;
      return count;
    },
    close: () => client.close(),
  };
}
