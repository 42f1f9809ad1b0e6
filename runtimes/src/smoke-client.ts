// The client every runtime runs: one call with progress, one that needs an answer from the user, and a
// listen that hears the tool list change.
import { type CallToolResult, McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';

/** What a smoke run saw; every runtime must see exactly {@link EXPECTED_REPORT}. */
export interface SmokeReport {
  progress: number[];
  counted: string;
  booked: string;
  heard: string;
}

export const EXPECTED_REPORT: SmokeReport = {
  progress: [1, 2, 3],
  counted: 'counted to 3',
  booked: 'booked 2 seats in Porto',
  heard: 'notifications/tools/list_changed',
};

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : JSON.stringify(result);
}

export async function runSmoke(url: string): Promise<SmokeReport> {
  const client = new McpClient(createHttpClientTransport(url), {
    clientInfo: { name: 'runtime-smoke', version: '1.0.0' },
    handlers: { elicitation: { form: async () => ({ action: 'accept', content: { seats: 2 } }) } },
  });
  await client.connect();
  try {
    const progress: number[] = [];
    const counted = await client.callTool(
      'count',
      { to: 3 },
      { onProgress: (p) => progress.push(p.progress) },
    );
    const booked = await client.callTool('book', { city: 'Porto' });
    const subscription = client.listen({ toolsListChanged: true });
    await subscription.acknowledged;
    await client.callTool('add_tool', { name: 'extra' });
    let heard = 'the listen ended without a notification';
    for await (const notification of subscription) {
      heard = notification.method;
      break;
    }
    return { progress, counted: textOf(counted), booked: textOf(booked), heard };
  } finally {
    await client.close();
  }
}
