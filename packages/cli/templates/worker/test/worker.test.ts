import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { describe, expect, it } from 'vitest';
import worker from '../src/index.js';

const env = { ALLOWED_HOSTS: 'my-worker.example.workers.dev' };

/** A client whose requests go straight to the Worker's fetch, as the Workers runtime would send them. */
function clientOf(url: string): McpClient {
  const transport = createHttpClientTransport(url, {
    fetch: (input, init) => worker.fetch(new Request(input, init), env),
  });
  return new McpClient(transport);
}

describe('the Worker', () => {
  it('serves the tool at /mcp', async () => {
    const client = clientOf('https://my-worker.example.workers.dev/mcp');
    await client.connect();
    const result = await client.callTool('add', { a: 2, b: 3 });
    expect(result.structuredContent).toEqual({ sum: 5 });
    await client.close();
  });

  it('refuses a host it does not serve', async () => {
    const response = await worker.fetch(
      new Request('https://elsewhere.example/mcp', { method: 'POST', body: '{}' }),
      env,
    );
    expect(response.status).toBe(403);
  });
});
