import { createInMemoryTransport, McpClient } from '@mcpkit/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../src/server.js';

// The in-memory transport sends every message through JSON, as stdio would.
let client: McpClient;
beforeEach(async () => {
  client = new McpClient(createInMemoryTransport(createServer()));
  await client.connect();
});
afterEach(() => client.close());

describe('the server', () => {
  it('lists its tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add']);
  });

  it('adds', async () => {
    const result = await client.callTool('add', { a: 2, b: 3 });
    expect(result.structuredContent).toEqual({ sum: 5 });
  });

  it('refuses arguments that do not fit the schema', async () => {
    const result = await client.callTool('add', { a: 'two', b: 3 });
    expect(result.isError).toBe(true);
  });

  it('serves its readme', async () => {
    const { contents } = await client.readResource('notes://readme');
    expect(contents[0]).toMatchObject({ text: 'This server adds numbers.' });
  });
});
