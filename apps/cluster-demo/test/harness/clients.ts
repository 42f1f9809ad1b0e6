import { followTasks, McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { type Hop, recordingFetch } from './hops.js';

/** The answer every client gives to `greet`'s question. */
export const NAME = { action: 'accept' as const, content: { name: 'Ada' } };

/** The official SDK v1 client on a 2025 session, answering elicitations with `NAME`. */
export async function v1Client(url: string, hops: Hop[] = []) {
  const updates: Array<{ uri: string; at: number }> = [];
  const client = new Client(
    { name: 'cluster-test-v1', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  client.setRequestHandler(ElicitRequestSchema, async () => NAME);
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updates.push({ uri: notification.params.uri, at: Date.now() });
  });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: recordingFetch(hops),
    // Reconnect at once: the server's SSE responses end after a second (polling) and resume elsewhere.
    reconnectionOptions: {
      initialReconnectionDelay: 50,
      maxReconnectionDelay: 500,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 20,
    },
  });
  await client.connect(transport);
  return { client, transport, updates, hops };
}

/** The mcpkit client speaking 2026-07-28, answering `greet` with `NAME` and following tasks. */
export async function modernClient(url: string, hops: Hop[] = []) {
  const transport = createHttpClientTransport(url, { fetch: recordingFetch(hops) });
  const client = new McpClient(transport, {
    era: 'modern',
    tasks: followTasks({ listen: false, pollIntervalMs: 100 }),
    handlers: { elicitation: { form: async () => NAME } },
  });
  await client.connect();
  return { client, hops };
}

/** The text of a tool result's first block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content[0]?.text ?? JSON.stringify(result);
}
