// subscriptions/listen: the client hears that the tool list changed when the server registers a tool.
// #region listen
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { createWeatherServer } from './weather-server.js';

export async function hearToolListChange(): Promise<string> {
  const server = createWeatherServer();
  const client = new McpClient(createInMemoryTransport(server));
  await client.connect();
  const subscription = client.listen({ toolsListChanged: true });
  await subscription.acknowledged;
  server.tool('get_time', { description: 'The time' }, () => ({
    content: [{ type: 'text', text: new Date().toISOString() }],
  }));
  for await (const notification of subscription) {
    await client.close();
    return notification.method; // 'notifications/tools/list_changed'
  }
  return 'ended';
}
// #endregion listen
