// mcpkit, stdio client: `StdioClientTransport` from @mcpkit/transport-stdio spawning the server.
import { StdioClientTransport } from '@mcpkit/transport-stdio';
import { connectClient } from './client.mjs';

export const serverScript = new URL('./stdio-server.mjs', import.meta.url);

export function connect({ command, args }) {
  return connectClient(new StdioClientTransport({ command, args, stderr: 'inherit' }));
}
