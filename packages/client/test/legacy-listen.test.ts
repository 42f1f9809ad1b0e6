import { McpServer } from '@mcpkit/server';
import { createFetchHandler, createHttpClientTransport } from '@mcpkit/transport-http';
import { afterEach, describe, expect, it } from 'vitest';
import { type EraVerdict, McpClient, type McpClientOptions, ServerStreamRefusedError } from '../src/index.js';
import { serveHttpSse } from './helpers/http-sse-server.js';

/**
 * `McpClient.listen` against the real `@mcpkit/server` speaking its 2025 era: list changes come on
 * the session's own stream (the standalone GET stream, or the HTTP+SSE stream), resource updates
 * after `resources/subscribe`; the API and events are those of a 2026 listen.
 */

const URI = 'file:///watched';

function server() {
  const mcp = new McpServer(
    { name: 'legacy-listen', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } } },
  );
  mcp.tool('echo', { description: 'Echoes' }, () => ({ content: [{ type: 'text', text: 'echo' }] }));
  mcp.resource(URI, { name: 'watched' }, (uri) => ({ contents: [{ uri, text: 'v1' }] }));
  return mcp;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Message = { id?: number; method?: string; params?: { uri?: string } };

/**
 * A client of `mcp` over 2025-era Streamable HTTP, with every method the server received;
 * `refuse` answers the messages it picks with a JSON-RPC error in the server's place, and
 * `offersStream: false` answers `GET` with 405, as a server without a standalone stream does.
 */
function streamableClient(
  mcp: McpServer,
  options: McpClientOptions = {},
  refuse: (message: Message) => boolean = () => false,
  offersStream = true,
) {
  const handler = createFetchHandler(mcp);
  const received: string[] = [];
  const waiting: { method: string; resolve: () => void }[] = [];
  /** Resolves once the server received `method`. */
  const arrival = (method: string) =>
    received.includes(method)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.push({ method, resolve }));
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'GET' && !offersStream) return new Response(null, { status: 405 });
    if (request.method === 'POST') {
      const message = JSON.parse(await request.clone().text()) as Message;
      received.push(message.method ?? 'response');
      for (const waiter of waiting) if (waiter.method === message.method) waiter.resolve();
      if (refuse(message)) {
        const error = { code: -32602, message: 'no such resource' };
        return Response.json({ jsonrpc: '2.0', id: message.id, error });
      }
    }
    return handler(request);
  };
  const client = new McpClient(createHttpClientTransport('http://localhost/mcp', { fetch }), {
    era: 'legacy',
    ...options,
  });
  cleanups.push(() => client.close());
  return { client, received, arrival };
}

async function sseClient(mcp: McpServer) {
  const http = await serveHttpSse(mcp);
  cleanups.push(() => http.close());
  const eraVerdicts = new Map<string, EraVerdict>();
  const client = new McpClient(createHttpClientTransport(http.url), { eraVerdicts });
  cleanups.push(() => client.close());
  return { client, http, eraVerdicts };
}

describe('listen against a 2025-era server', () => {
  it('C-58 B-11 C-40: a listen is acknowledged with what the session serves, and gets tools/list_changed from the standalone stream', async () => {
    const mcp = server();
    const { client } = streamableClient(mcp);
    await client.connect();
    expect(client.server?.era).toBe('legacy');
    const subscription = client.listen({ toolsListChanged: true });
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    const next = subscription.next();
    mcp.tool('late', { description: 'Added later' }, () => ({ content: [] }));
    expect(await next).toEqual({
      value: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      done: false,
    });
    subscription.close();
  });

  it('C-58 C-40: a resource URI is subscribed with resources/subscribe, its updates delivered, and unsubscribed on close', async () => {
    const mcp = server();
    const { client, received, arrival } = streamableClient(mcp);
    const subscription = client.listen({ resourceSubscriptions: [URI] });
    expect(await subscription.acknowledged).toEqual({ resourceSubscriptions: [URI] });
    expect(received).toContain('resources/subscribe');
    const next = subscription.next();
    await mcp.notifyResourceUpdated(URI);
    expect((await next).value).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: URI },
    });
    subscription.close();
    await arrival('resources/unsubscribe');
    expect(received).toContain('resources/unsubscribe');
  });

  it('C-40: a URI the server refuses is left out of the acknowledgement and reported as missing', async () => {
    const warnings: unknown[] = [];
    const { client } = streamableClient(
      server(),
      { onWarning: (warning) => warnings.push(warning) },
      (message) => message.method === 'resources/subscribe' && message.params?.uri === 'file:///unknown',
    );
    const subscription = client.listen({ resourceSubscriptions: [URI, 'file:///unknown'] });
    expect(await subscription.acknowledged).toEqual({ resourceSubscriptions: [URI] });
    expect(subscription.unacknowledged).toEqual({ resourceSubscriptions: ['file:///unknown'] });
    expect(warnings).toEqual([
      { kind: 'subscription-degraded', missing: { resourceSubscriptions: ['file:///unknown'] } },
    ]);
    subscription.close();
  });

  it('B-11 C-40: a server that answers GET with 405 offers no stream: the listen ends with ServerStreamRefusedError, not a silent acknowledgement', async () => {
    const { client, received } = streamableClient(server(), {}, () => false, false);
    const first = client.listen({ toolsListChanged: true, resourceSubscriptions: [URI] });
    // Opened before the 405 came back it may have been acknowledged; it ends as soon as the 405 is known.
    await expect(first.next()).rejects.toBeInstanceOf(ServerStreamRefusedError);
    expect(first.ended).toBe(true);
    const subscribes = received.filter((method) => method === 'resources/subscribe').length;
    const second = client.listen({ toolsListChanged: true, resourceSubscriptions: [URI] });
    await expect(second.acknowledged).rejects.toBeInstanceOf(ServerStreamRefusedError);
    await expect(second.next()).rejects.toBeInstanceOf(ServerStreamRefusedError);
    expect(received.filter((method) => method === 'resources/subscribe').length).toBe(subscribes);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo']);
  });

  it('B-7 C-58 C-40: over HTTP+SSE, list changes and resource updates come on the one stream', async () => {
    const mcp = server();
    const { client, http, eraVerdicts } = await sseClient(mcp);
    const subscription = client.listen({ toolsListChanged: true, resourceSubscriptions: [URI] });
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true, resourceSubscriptions: [URI] });
    expect(client.server?.era).toBe('legacy');
    expect(eraVerdicts.get(http.url)).toBe('legacy-sse');
    const first = subscription.next();
    await mcp.notifyResourceUpdated(URI);
    expect((await first).value).toMatchObject({ method: 'notifications/resources/updated' });
    const second = subscription.next();
    mcp.tool('late', { description: 'Added later' }, () => ({ content: [] }));
    expect((await second).value).toMatchObject({ method: 'notifications/tools/list_changed' });
    subscription.close();
  });

  it('B-6 B-11: a new session re-subscribes: after the HTTP+SSE stream drops, the listen subscribes again on the next session', async () => {
    const mcp = server();
    const { client, http } = await sseClient(mcp);
    const subscription = client.listen({ resourceSubscriptions: [URI] });
    await subscription.acknowledged;
    http.dropStreams();
    await client.listTools();
    const subscribes = () => http.seen.filter((request) => request.rpc === 'resources/subscribe').length;
    while (subscribes() < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const next = subscription.next();
    await mcp.notifyResourceUpdated(URI);
    expect((await next).value).toMatchObject({ params: { uri: URI } });
    subscription.close();
  });
});
