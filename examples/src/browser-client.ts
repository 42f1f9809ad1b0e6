// A client in a browser page. The server must accept the page's origin: with
// `allowedOrigins: ['https://app.example.com']` in its HTTP options (a cross-origin page is refused
// with 403 otherwise), and CORS headers for that origin if the page is served from elsewhere.
// #region browser
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';

export async function showWeather(serverUrl: string, city: string, output: HTMLElement): Promise<void> {
  const client = new McpClient(createHttpClientTransport(serverUrl), {
    clientInfo: { name: 'weather-page', version: '1.0.0' },
  });
  await client.connect();
  const result = await client.callTool('get_weather', { city });
  output.textContent = JSON.stringify(result.structuredContent);
  await client.close();
}
// #endregion browser
