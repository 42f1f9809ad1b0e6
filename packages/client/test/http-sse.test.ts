import { McpServer } from '@mcpkit/server';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { afterEach, describe, expect, it } from 'vitest';
import { type EraVerdict, McpClient, type McpClientOptions } from '../src/index.js';
import { serveHttpSse } from './helpers/http-sse-server.js';

/**
 * `McpClient` against a server of the deprecated HTTP+SSE transport (2024-11-05): the real
 * `@mcpkit/server`, in its 2025 era, behind a real HTTP server on 127.0.0.1 (B-7).
 */

function server() {
  const mcp = new McpServer({ name: 'sse', version: '1.0.0' });
  mcp.tool('echo', { description: 'Echoes' }, () => ({ content: [{ type: 'text', text: 'echo' }] }));
  mcp.tool('confirm', { description: 'Asks the user' }, async (_args, ctx) => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } } as const;
    const answer = await ctx.elicit('confirm', { message: 'Sure?', requestedSchema: schema });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  });
  return mcp;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(options: Parameters<typeof serveHttpSse>[1] = {}) {
  const http = await serveHttpSse(server(), options);
  cleanups.push(() => http.close());
  return http;
}

function client(url: string, options: McpClientOptions = {}): McpClient {
  const mcp = new McpClient(createHttpClientTransport(url), options);
  cleanups.push(() => mcp.close());
  return mcp;
}

describe('McpClient over the deprecated HTTP+SSE transport (B-7)', () => {
  it('B-7: after the modern POST and the initialize POST fail with 404, it GETs the URL, POSTs to the endpoint and reads answers from the stream', async () => {
    const http = await start();
    const mcp = client(http.url);
    const tools = await mcp.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(['echo', 'confirm']);
    expect((await mcp.callTool('echo')).content).toEqual([{ type: 'text', text: 'echo' }]);
    expect(mcp.server?.era).toBe('legacy');
    expect(http.seen.slice(0, 7)).toEqual([
      { method: 'POST', path: '/sse', rpc: 'server/discover' },
      { method: 'POST', path: '/sse', rpc: 'initialize' },
      { method: 'GET', path: '/sse', rpc: undefined },
      { method: 'POST', path: '/message', rpc: 'initialize' },
      { method: 'POST', path: '/message', rpc: 'notifications/initialized' },
      { method: 'POST', path: '/message', rpc: 'tools/list' },
      { method: 'POST', path: '/message', rpc: 'tools/call' },
    ]);
  });

  it('B-7 B-13: the server’s elicitation/create on the stream is answered by the registered handler, over a POST', async () => {
    const http = await start();
    const mcp = client(http.url, {
      handlers: { elicitation: { form: () => ({ action: 'accept', content: { ok: true } }) } },
    });
    const result = await mcp.callTool('confirm');
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
      action: 'accept',
      content: { ok: true },
    });
    expect(http.seen.some((request) => request.path === '/message' && request.rpc === 'response')).toBe(true);
  });

  it('B-6 B-7: a client sharing the verdict goes straight to the GET, without the two failing POSTs', async () => {
    const http = await start();
    const eraVerdicts = new Map<string, EraVerdict>();
    await client(http.url, { eraVerdicts }).connect();
    expect(eraVerdicts.get(http.url)).toBe('legacy-sse');
    const before = http.seen.length;
    await client(http.url, { eraVerdicts }).listTools();
    expect(http.seen[before]).toEqual({ method: 'GET', path: '/sse', rpc: undefined });
    expect(http.seen.slice(before).filter((request) => request.path === '/sse')).toHaveLength(1);
  });

  it('B-7 B-11: when the stream ends the session is over; the next call runs initialize on a new stream first', async () => {
    const http = await start();
    const mcp = client(http.url);
    await mcp.listTools();
    http.dropStreams();
    const before = http.seen.length;
    // A list is re-sent when its stream is lost; a tool call would not be, since it may have run.
    expect((await mcp.listTools()).tools.map((tool) => tool.name)).toContain('echo');
    const after = http.seen.slice(before).map((request) => `${request.method} ${request.rpc ?? ''}`.trim());
    expect(after.indexOf('GET')).toBeGreaterThanOrEqual(0);
    expect(after.indexOf('POST initialize')).toBeGreaterThan(after.indexOf('GET'));
    expect(after.lastIndexOf('POST tools/list')).toBeGreaterThan(after.indexOf('POST initialize'));
  });

  it('B-7: an endpoint event naming another origin is refused; connecting fails and nothing is sent there', async () => {
    const http = await start({ endpointFor: (id) => `http://localhost:1/message?sessionId=${id}` });
    const mcp = client(http.url);
    await expect(mcp.connect()).rejects.toThrow(/another origin/);
    expect(http.seen.filter((request) => request.path === '/message')).toEqual([]);
  });
});
