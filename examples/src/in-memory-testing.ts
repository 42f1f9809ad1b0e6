// Testing a server without a transport: the in-memory transport runs every message through JSON,
// so a test sees what the wire would carry.
// #region in-memory
import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { createWeatherServer } from './weather-server.js';

export async function forecastFor(city: string): Promise<unknown> {
  const client = new McpClient(createInMemoryTransport(createWeatherServer()));
  await client.connect();
  const result = await client.callTool('get_weather', { city });
  await client.close();
  return result.structuredContent; // { city, forecast: 'sunny' }
}
// #endregion in-memory
