import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { type McpHttpServer, serveHttp } from '@mcpkit/transport-http/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/server.js';

// A real HTTP server on a free port of 127.0.0.1, and a client talking to it.
let http: McpHttpServer;
let client: McpClient;
beforeAll(async () => {
  http = await serveHttp(createServer(), { port: 0 });
  client = new McpClient(createHttpClientTransport(http.url));
  await client.connect();
});
afterAll(async () => {
  await client?.close();
  await http?.close();
});

describe('the server over HTTP', () => {
  it('lists its tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add']);
  });

  it('adds', async () => {
    const result = await client.callTool('add', { a: 2, b: 3 });
    expect(result.structuredContent).toEqual({ sum: 5 });
  });

  it('serves its readme', async () => {
    const { contents } = await client.readResource('notes://readme');
    expect(contents[0]).toMatchObject({ text: 'This server adds numbers.' });
  });
});
