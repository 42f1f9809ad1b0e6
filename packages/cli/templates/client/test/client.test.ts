import { McpServer } from '@mcpkit/server';
import { type McpHttpServer, serveHttp } from '@mcpkit/transport-http/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { connect, listToolNames } from '../src/connect.js';

// A small server on a free port of 127.0.0.1 for the client to talk to.
let http: McpHttpServer;
beforeAll(async () => {
  const server = new McpServer({ name: 'test-server', version: '1.0.0' });
  server.tool(
    'echo',
    { description: 'Says it back', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  http = await serveHttp(server, { port: 0 });
});
afterAll(() => http?.close());

describe('the client', () => {
  it('connects by URL and lists the tools', async () => {
    const client = await connect([http.url]);
    expect(await listToolNames(client)).toEqual(['echo: Says it back']);
    await client.close();
  });

  it('calls a tool', async () => {
    const client = await connect([http.url]);
    const result = await client.callTool('echo', { text: 'hi' });
    expect(result.content).toEqual([{ type: 'text', text: 'hi' }]);
    await client.close();
  });

  it('needs a server', async () => {
    await expect(connect([])).rejects.toThrow('name a server');
  });
});
