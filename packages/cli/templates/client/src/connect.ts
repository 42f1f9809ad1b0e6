import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';

const CLIENT_INFO = { name: 'my-client', version: '0.1.0' };

/**
 * Connects to a server: an `http(s)://` URL over Streamable HTTP, anything else as a command to spawn
 * and talk to over stdio (`['node', 'server.js']`).
 */
export async function connect(target: readonly string[]): Promise<McpClient> {
  const [first, ...rest] = target;
  if (first === undefined) throw new Error('name a server: a URL, or a command and its arguments');
  const transport = /^https?:\/\//.test(first)
    ? createHttpClientTransport(first)
    : createStdioClientTransport({ command: first, args: rest });
  const client = new McpClient(transport, { clientInfo: CLIENT_INFO });
  await client.connect();
  return client;
}

/** Every tool of the server, name and description, over all pages. */
export async function listToolNames(client: McpClient): Promise<string[]> {
  const lines: string[] = [];
  for await (const tool of client.iterateTools()) {
    lines.push(tool.description ? `${tool.name}: ${tool.description}` : tool.name);
  }
  return lines;
}
