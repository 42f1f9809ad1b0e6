// Official SDK v2, stdio client: `StdioClientTransport` spawning the server, client pinned to 2026-07-28.
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { connectClient } from './client.mjs';

export const serverScript = new URL('./stdio-server.mjs', import.meta.url);

export function connect({ command, args }) {
  return connectClient(new StdioClientTransport({ command, args, stderr: 'inherit' }));
}
