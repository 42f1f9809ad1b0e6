import type { LoggingMessageNotificationParams } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { createFetchHandler, createHttpClientTransport } from '@mcpkit/transport-http';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient, type McpClientOptions } from '../src/index.js';

/**
 * The client's `logLevel` against the real `@mcpkit/server`: a 2025-era session gets one
 * `logging/setLevel` after `initialize` when the server declares `logging`; a 2026-07-28 server
 * gets the level in the `_meta` of every request (C-7).
 */

function server(logging: boolean) {
  const mcp = new McpServer(
    { name: 'logs', version: '1.0.0' },
    { capabilities: logging ? { logging: {}, tools: {} } : { tools: {} } },
  );
  mcp.tool('work', { description: 'Logs while working' }, (_args, ctx) => {
    ctx.log.debug('too fine');
    ctx.log.warning('careful');
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return mcp;
}

const clients: McpClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

/** A client of `mcp`, with every request's method and params as the server received them. */
function connect(mcp: McpServer, options: McpClientOptions) {
  const handler = createFetchHandler(mcp);
  const received: { method: string; params?: Record<string, unknown> }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') received.push(JSON.parse(await request.clone().text()));
    return handler(request);
  };
  const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }), options);
  clients.push(client);
  return { client, received };
}

describe("the client's logLevel", () => {
  it('C-7 B-10: a 2025-era server that declares logging gets logging/setLevel right after initialize, and logs at that level reach onLog', async () => {
    const { client, received } = connect(server(true), { era: 'legacy', logLevel: 'info' });
    const logs: LoggingMessageNotificationParams[] = [];
    await client.callTool('work', {}, { onLog: (message) => logs.push(message) });
    expect(received.slice(0, 3).map((message) => message.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'logging/setLevel',
    ]);
    expect(received[2]!.params).toEqual({ level: 'info' });
    expect(logs.map((log) => log.level)).toEqual(['warning']);
  });

  it('C-7 B-10: a 2025-era server without logging gets no logging/setLevel', async () => {
    const { client, received } = connect(server(false), { era: 'legacy', logLevel: 'info' });
    await client.callTool('work');
    expect(received.map((message) => message.method)).not.toContain('logging/setLevel');
  });

  it('C-7: without logLevel a 2025-era session gets no logging/setLevel', async () => {
    const { client, received } = connect(server(true), { era: 'legacy' });
    await client.callTool('work');
    expect(received.map((message) => message.method)).not.toContain('logging/setLevel');
  });

  it("C-7: a 2026-07-28 server gets the client's logLevel in every request's _meta, unless the call names its own", async () => {
    const { client, received } = connect(server(true), { logLevel: 'error' });
    await client.callTool('work');
    await client.callTool('work', {}, { logLevel: 'debug' });
    const levels = received
      .filter((message) => message.method === 'tools/call')
      .map(
        (message) => (message.params!._meta as Record<string, unknown>)['io.modelcontextprotocol/logLevel'],
      );
    expect(levels).toEqual(['error', 'debug']);
  });
});
