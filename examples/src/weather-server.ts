// The server every example serves: one typed tool that reports progress.
// #region weather-server
import { McpServer } from '@mcpkit/server';
import * as z from 'zod';

export function createWeatherServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' }, { instructions: 'Ask for a city.' });
  server.tool(
    'get_weather',
    {
      description: 'Current weather for a city',
      inputSchema: z.object({ city: z.string() }),
      outputSchema: z.object({ city: z.string(), forecast: z.string() }),
    },
    async ({ city }, ctx) => {
      ctx.progress(1, 2, 'Calling the weather API');
      return { structuredContent: { city, forecast: 'sunny' } };
    },
  );
  return server;
}
// #endregion weather-server
