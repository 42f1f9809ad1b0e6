// Floor, stdio client: the hand-written newline-JSON client.
import { LineClient } from '../../lib/line-client.mjs';
import { echoTextOf, requestMeta } from '../../lib/mcp-wire.mjs';

export const serverScript = new URL('./stdio-server.mjs', import.meta.url);

export async function connect({ command, args }) {
  const client = LineClient.spawn(command, args);
  return {
    callEcho: async (text) =>
      echoTextOf(await client.call('tools/call', { _meta: requestMeta, name: 'echo', arguments: { text } })),
    listTools: async () => (await client.call('tools/list', { _meta: requestMeta })).tools.length,
    close: () => client.close(),
  };
}
