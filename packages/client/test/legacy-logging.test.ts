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

/** An SSE stream that sends `messages` and stays open until the client leaves. */
function openStream(messages: unknown[], signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const message of messages)
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(message)}\n\n`));
      signal.addEventListener('abort', () => controller.close(), { once: true });
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/**
 * A client of `mcp`, with every request's method and params as the server received them; the
 * standalone GET stream, when `onStream` is given, sends what it lists.
 */
function connect(mcp: McpServer, options: McpClientOptions, onStream?: unknown[]) {
  const handler = createFetchHandler(mcp);
  const received: { method: string; params?: Record<string, unknown> }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') received.push(JSON.parse(await request.clone().text()));
    if (request.method === 'GET' && onStream) return openStream(onStream, request.signal);
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

  it("C-7: the client's onLog receives a 2025-era server's log messages of no call (the standalone GET stream), at or above the client's logLevel", async () => {
    const log = (level: string, data: string) => ({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level, data },
    });
    const logs: LoggingMessageNotificationParams[] = [];
    const { client } = connect(
      server(true),
      { era: 'legacy', logLevel: 'warning', onLog: (message) => logs.push(message) },
      [log('info', 'quiet'), log('error', 'outside any call')],
    );
    await client.connect();
    await expect.poll(() => logs.map((message) => message.data)).toEqual(['outside any call']);
  });

  it.each([
    ['2026-07-28', 'auto'],
    ['2025-era', 'legacy'],
  ] as const)(
    "C-7: over %s, a call without onLog hands its log messages to the client's onLog",
    async (_era, era) => {
      const logs: LoggingMessageNotificationParams[] = [];
      const { client } = connect(server(true), {
        era,
        logLevel: 'info',
        onLog: (message) => logs.push(message),
      });
      const own: LoggingMessageNotificationParams[] = [];
      await client.callTool('work', {}, { onLog: (message) => own.push(message) });
      expect(logs).toEqual([]);
      expect(own.map((log) => log.data)).toEqual(['careful']);
      await client.callTool('work');
      expect(logs.map((log) => log.data)).toEqual(['careful']);
    },
  );

  it("C-7 B-10: a call's logLevel finer than the 2025-era session's first lowers the session with logging/setLevel; each call sees only its own level", async () => {
    const { client, received } = connect(server(true), { era: 'legacy', logLevel: 'warning' });
    const fine: string[] = [];
    await client.callTool('work', {}, { logLevel: 'debug', onLog: (message) => fine.push(message.level) });
    expect(fine).toEqual(['debug', 'warning']);
    const setLevels = () =>
      received.filter((message) => message.method === 'logging/setLevel').map((message) => message.params);
    expect(setLevels()).toEqual([{ level: 'warning' }, { level: 'debug' }]);
    const calls = received.map((message) => message.method);
    expect(calls.lastIndexOf('logging/setLevel')).toBeLessThan(calls.indexOf('tools/call'));

    const coarse: string[] = [];
    await client.callTool('work', {}, { onLog: (message) => coarse.push(message.level) });
    expect(coarse).toEqual(['warning']);
    const again: string[] = [];
    await client.callTool('work', {}, { logLevel: 'info', onLog: (message) => again.push(message.level) });
    expect(again).toEqual(['warning']);
    expect(setLevels()).toHaveLength(2);
  });

  it('C-7 B-10: concurrent calls asking for a finer level share one logging/setLevel and are sent after it', async () => {
    const { client, received } = connect(server(true), { era: 'legacy' });
    await client.connect();
    const seen: string[][] = [[], []];
    await Promise.all(
      seen.map((levels) =>
        client.callTool('work', {}, { logLevel: 'debug', onLog: (message) => levels.push(message.level) }),
      ),
    );
    expect(seen).toEqual([
      ['debug', 'warning'],
      ['debug', 'warning'],
    ]);
    const methods = received.map((message) => message.method);
    expect(methods.filter((method) => method === 'logging/setLevel')).toHaveLength(1);
    expect(methods.indexOf('logging/setLevel')).toBeLessThan(methods.indexOf('tools/call'));
  });

  it("C-7: a 2025-era server without logging gets no logging/setLevel for a call's logLevel either", async () => {
    const { client, received } = connect(server(false), { era: 'legacy' });
    await client.callTool('work', {}, { logLevel: 'debug' });
    expect(received.map((message) => message.method)).not.toContain('logging/setLevel');
  });
});
