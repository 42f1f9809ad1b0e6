import type { ExchangeMessage, JSONRPCNotification, JSONRPCRequest } from '@mcpkit/protocol';
import { TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import type { HttpClientTransportOptions } from '../src/index.js';
import { ENGINES, transportFor } from './helpers/engines.js';

type Fetch = NonNullable<HttpClientTransportOptions['fetch']>;
const URL = 'http://127.0.0.1:1/mcp';

interface Seen {
  method: string;
  headers: Headers;
  body: unknown;
  at: number;
}

/**
 * A scripted 2025-era server: `answer` gets each request and returns the response. `arrival(i)`
 * resolves with request `i` once it came, for a request the client sends on its own.
 */
function server(answer: (seen: Seen, index: number) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const waiting = new Map<number, (entry: Seen) => void>();
  const arrival = (index: number): Promise<Seen> =>
    index < seen.length
      ? Promise.resolve(seen[index]!)
      : new Promise((resolve) => waiting.set(index, resolve));
  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    const text = request.method === 'POST' ? await request.text() : '';
    const entry = {
      method: request.method,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      at: performance.now(),
    };
    seen.push(entry);
    waiting.get(seen.length - 1)?.(entry);
    return answer(entry, seen.length - 1);
  };
  return { fetch, seen, arrival };
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
const sse = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
const rpc = (method: string, id: number): JSONRPCRequest => ({ jsonrpc: '2.0', id, method, params: {} });

async function collect(exchange: AsyncIterable<ExchangeMessage>): Promise<ExchangeMessage[]> {
  const items: ExchangeMessage[] = [];
  for await (const item of exchange) items.push(item);
  return items;
}

const initializeResult = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  serverInfo: { name: 's', version: '1' },
};

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  describe('the 2025-era session of the HTTP client transport (B-11)', () => {
    it('B-11: the Mcp-Session-Id of the answer to initialize is echoed, with MCP-Protocol-Version once the session began', async () => {
      const { fetch, seen } = server((entry) =>
        entry.method === 'DELETE'
          ? new Response(null, { status: 200 })
          : json(
              { jsonrpc: '2.0', id: (entry.body as { id: number }).id, result: initializeResult },
              { 'mcp-session-id': 'abc' },
            ),
      );
      const transport = createHttpClientTransport(URL, { fetch });
      await collect(transport.exchange(rpc('initialize', 1), {}));
      transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
      await collect(transport.exchange(rpc('tools/list', 2), {}));
      expect(seen[0]!.headers.get('mcp-session-id')).toBeNull();
      expect(seen[1]!.headers.get('mcp-session-id')).toBe('abc');
      expect(seen[1]!.headers.get('mcp-protocol-version')).toBe('2025-11-25');
      await transport.close();
      expect(seen[2]).toMatchObject({ method: 'DELETE' });
      expect(seen[2]!.headers.get('mcp-session-id')).toBe('abc');
    });

    it('B-12: a 2025-03-26 session sends no MCP-Protocol-Version', async () => {
      const { fetch, seen } = server((entry) =>
        json({ jsonrpc: '2.0', id: (entry.body as { id: number }).id, result: {} }),
      );
      const transport = createHttpClientTransport(URL, { fetch });
      transport.legacy!.beginSession({ protocolVersion: '2025-03-26' });
      await collect(transport.exchange(rpc('tools/list', 1), {}));
      expect(seen[0]!.headers.get('mcp-protocol-version')).toBeNull();
    });

    it('B-11: a 404 to a request carrying the session id fails with session-expired, which may be re-sent', async () => {
      const { fetch } = server((_entry, index) =>
        index === 0
          ? json({ jsonrpc: '2.0', id: 1, result: initializeResult }, { 'mcp-session-id': 'abc' })
          : new Response('gone', { status: 404 }),
      );
      const transport = createHttpClientTransport(URL, { fetch });
      await collect(transport.exchange(rpc('initialize', 1), {}));
      const failure = await collect(transport.exchange(rpc('tools/list', 2), {})).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(TransportError);
      expect(failure).toMatchObject({ reason: 'session-expired', retryable: true, status: 404 });
    });

    it('B-13: a request of the server on a response stream goes to the handler and the answer is POSTed back with the session', async () => {
      const { fetch, arrival } = server((_entry, index) => {
        if (index === 0)
          return json({ jsonrpc: '2.0', id: 1, result: initializeResult }, { 'mcp-session-id': 'abc' });
        if (index === 1) {
          return sse(
            `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'hi' } })}\n\n` +
              `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 2, result: { content: [] } })}\n\n`,
          );
        }
        return new Response(null, { status: 202 });
      });
      const transport = createHttpClientTransport(URL, { fetch });
      const related: unknown[] = [];
      transport.legacy!.onServerRequest(async (request, context) => {
        related.push(context.related?.method);
        return { jsonrpc: '2.0', id: request.id, result: { action: 'decline' } };
      });
      await collect(transport.exchange(rpc('initialize', 1), {}));
      transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
      await collect(transport.exchange(rpc('tools/call', 2), {}));
      const answer = await arrival(2);
      expect(related).toEqual(['tools/call']);
      expect(answer.body).toEqual({ jsonrpc: '2.0', id: 'e1', result: { action: 'decline' } });
      expect(answer.headers.get('mcp-session-id')).toBe('abc');
    });

    it("B-11 (SEP-1699): a stream that ends before its response is resumed with GET and Last-Event-ID after the server's retry", async () => {
      const { fetch, seen } = server((_entry, index) => {
        if (index === 0) return sse('id: e-1\nretry: 150\ndata: \n\n');
        return sse(
          `id: e-2\nevent: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [] } })}\n\n`,
        );
      });
      const transport = createHttpClientTransport(URL, { fetch });
      transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
      const items = await collect(transport.exchange(rpc('tools/call', 7), {}));
      expect(items).toEqual([{ jsonrpc: '2.0', id: 7, result: { content: [] } }]);
      expect(seen[1]!.method).toBe('GET');
      expect(seen[1]!.headers.get('last-event-id')).toBe('e-1');
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(140);
    });

    it('H-16: outside a 2025-era session a stream that ends early is not resumed', async () => {
      const { fetch, seen } = server(() => sse('id: e-1\nretry: 10\ndata: \n\n'));
      const transport = createHttpClientTransport(URL, { fetch });
      const failure = await collect(transport.exchange(rpc('tools/call', 7), {})).catch((e: unknown) => e);
      expect(failure).toMatchObject({ reason: 'connection-lost' });
      expect(seen).toHaveLength(1);
    });

    it('B-11: serverMessages reads the standalone GET stream, answers its requests, and fails with status 405 once the server refuses it', async () => {
      const notification = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
      const { fetch, seen } = server((entry) => {
        if (entry.method === 'POST') return new Response(null, { status: 202 });
        const gets = seen.filter((s) => s.method === 'GET').length;
        if (gets === 1) {
          return sse(
            `id: 1\nretry: 5\nevent: message\ndata: ${JSON.stringify(notification)}\n\n` +
              `id: 2\nevent: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 'p', method: 'ping' })}\n\n`,
          );
        }
        return new Response(null, { status: 405 });
      });
      const transport = createHttpClientTransport(URL, { fetch });
      transport.legacy!.onServerRequest(async (request) => ({ jsonrpc: '2.0', id: request.id, result: {} }));
      transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
      const received: JSONRPCNotification[] = [];
      const reading = (async () => {
        for await (const message of transport.legacy!.serverMessages(new AbortController().signal))
          received.push(message);
      })();
      await expect(reading).rejects.toMatchObject({ name: 'TransportError', status: 405 });
      expect(received).toEqual([notification]);
      const gets = seen.filter((s) => s.method === 'GET');
      expect(gets[1]!.headers.get('last-event-id')).toBe('2');
      expect(seen.find((s) => s.method === 'POST')?.body).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
    });

    it('requests wait until the standalone GET stream is answered: SDK v1 servers drop their own requests while none is open', async () => {
      let answerGet!: () => void;
      const getAnswered = new Promise<void>((resolve) => (answerGet = resolve));
      let answeredAt = 0;
      const { fetch, seen, arrival } = server(async (entry) => {
        if (entry.method === 'POST') return json({ jsonrpc: '2.0', id: 2, result: { tools: [] } });
        await getAnswered;
        answeredAt = performance.now();
        // A first comment, so that the node engine's loopback bridge sends the headers at once.
        const body = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode(': open\n\n')) });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      });
      const transport = createHttpClientTransport(URL, { fetch });
      transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
      const reading = new AbortController();
      const stream = transport.legacy!.serverMessages(reading.signal)[Symbol.asyncIterator]();
      void stream.next().catch(() => {});
      await arrival(0);
      const listed = collect(transport.exchange(rpc('tools/list', 2), {}));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen.map((entry) => entry.method)).toEqual(['GET']);
      answerGet();
      const postAt = (await arrival(1)).at;
      expect(postAt).toBeGreaterThanOrEqual(answeredAt);
      expect(postAt - answeredAt).toBeLessThan(1000);
      expect(await listed).toEqual([{ jsonrpc: '2.0', id: 2, result: { tools: [] } }]);
      reading.abort();
      await transport.close();
    });

    it('a GET stream that is never answered holds requests for at most 2 s', async () => {
      const { fetch, arrival } = server((entry) =>
        entry.method === 'POST'
          ? json({ jsonrpc: '2.0', id: 2, result: {} })
          : new Promise<Response>(() => {}),
      );
      const transport = createHttpClientTransport(URL, { fetch });
      transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
      const reading = new AbortController();
      // The wait starts when the stream is asked for, before its GET reaches the server: measured
      // from the GET's arrival, a slow start would shorten it.
      const askedAt = performance.now();
      void transport
        .legacy!.serverMessages(reading.signal)
        [Symbol.asyncIterator]()
        .next()
        .catch(() => {});
      await arrival(0);
      await collect(transport.exchange(rpc('ping', 2), {}));
      const waited = (await arrival(1)).at - askedAt;
      expect(waited).toBeGreaterThanOrEqual(1900);
      expect(waited).toBeLessThan(10_000);
      reading.abort();
      await transport.close();
    });
  });
});
