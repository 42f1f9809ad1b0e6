import type { JSONRPCRequest } from '@mcpkit/protocol';
import { TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { createHttpClientTransport as createModern } from '../src/client/create-transport-modern.js';
import { createHttpClientTransport as createModernFetch } from '../src/client/create-transport-modern-fetch.js';
import { createFetchHandler } from '../src/index.js';
import { call, collect, inProcess } from './helpers/client.js';
import { echo } from './helpers/endpoints.js';
import { URL_BASE } from './helpers/http.js';

const sse = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

describe.each([
  ['default', createModern],
  ['fetch-only', createModernFetch],
])('the 2026-07-28-only client transport (%s build)', (_build, create) => {
  it('exchanges as the full transport does', async () => {
    const { fetch, requests } = inProcess(createFetchHandler(echo));
    const transport = create(URL_BASE, { fetch });
    const items = await collect(transport.exchange(call, {}));
    expect(items.at(-1)).toMatchObject({ jsonrpc: '2.0', id: 1 });
    expect(requests[0]!.headers.get('mcp-method')).toBe('tools/call');
    await transport.close();
  });

  it('has no 2025-era wire, so a client never falls back over it', () => {
    const transport = create(URL_BASE, { fetch: async () => new Response(null, { status: 202 }) });
    expect(transport).not.toHaveProperty('legacy');
  });

  it('H-13, T-4: a request of the server on the stream is skipped, never answered, and no session id is sent', async () => {
    const seen: Request[] = [];
    const transport = create(URL_BASE, {
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        const elicit = { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'hi' } };
        return new Response(event(elicit) + event({ jsonrpc: '2.0', id: 1, result: { content: [] } }), {
          status: 200,
          headers: { 'content-type': 'text/event-stream', 'mcp-session-id': 'abc' },
        });
      },
    });
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} } as JSONRPCRequest;
    expect(await collect(transport.exchange(initialize, {}))).toEqual([
      { jsonrpc: '2.0', id: 1, result: { content: [] } },
    ]);
    await collect(transport.exchange(call, {}));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.map((request) => request.method)).toEqual(['POST', 'POST']);
    expect(seen[1]!.headers.get('mcp-session-id')).toBeNull();
  });

  it('H-16: a stream that ends before its response is not resumed', async () => {
    let posts = 0;
    const transport = create(URL_BASE, {
      fetch: async () => {
        posts++;
        return sse('id: e-1\nretry: 10\ndata: \n\n');
      },
    });
    const failure = await collect(transport.exchange(call, {})).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ reason: 'connection-lost' });
    expect(posts).toBe(1);
  });
});
