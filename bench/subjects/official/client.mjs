// The official SDK v2's client, pinned to 2026-07-28, wrapped in the bench's subject client shape.
import { Client } from '@modelcontextprotocol/client';
import { echoTextOf } from '../../lib/mcp-wire.mjs';

/** Connects an official `Client` over `transport` and returns the bench's client shape. */
export async function connectClient(transport) {
  const client = new Client(
    { name: 'mcpkit-bench', version: '0.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  return {
    callEcho: async (text) => echoTextOf(await client.callTool({ name: 'echo', arguments: { text } })),
    listTools: async () => (await client.listTools(undefined, { cacheMode: 'bypass' })).tools.length,
    close: () => client.close(),
  };
}
