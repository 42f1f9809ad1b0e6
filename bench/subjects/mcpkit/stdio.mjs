// mcpkit, stdio client: `createStdioClientTransport` from @mcpkit/transport-stdio spawning the server.
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { connectClient } from './client.mjs';

export const serverScript = new URL('./stdio-server.mjs', import.meta.url);

export function connect({ command, args }) {
  return connectClient(createStdioClientTransport({ command, args, stderr: 'inherit' }));
}
