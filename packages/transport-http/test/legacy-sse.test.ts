import type { ExchangeMessage, JSONRPCRequest } from '@mcpkit/protocol';
import { TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import type { HttpAuthRequest, HttpClientTransportOptions } from '../src/index.js';
import { ENGINES, transportFor } from './helpers/engines.js';

type Fetch = NonNullable<HttpClientTransportOptions['fetch']>;
const SSE_URL = 'http://127.0.0.1:1/sse';

/**
 * A scripted server of the deprecated HTTP+SSE transport: `GET` opens a stream the test writes
 * to with `send`; every POST is recorded and answered with `postStatus` (202 by default).
 */
function sseServer(
  options: {
    first?: string;
    postStatus?: number;
    streamStatus?: number;
    /** The status refusing a request (401, 403), or `undefined` to serve it. */
    refuse?: (request: Request) => number | undefined;
  } = {},
) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  let gets = 0;
  const refused: { method: string; status: number }[] = [];
  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    const status = options.refuse?.(request);
    if (status !== undefined) {
      refused.push({ method: request.method, status });
      const challenge = `Bearer error="invalid_token", resource_metadata="http://127.0.0.1:1/.well-known/oauth-protected-resource"`;
      return new Response(null, { status, headers: { 'www-authenticate': challenge } });
    }
    if (request.method === 'GET') {
      gets++;
      if (options.streamStatus !== undefined) return new Response('no', { status: options.streamStatus });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
          controller.enqueue(
            encoder.encode(options.first ?? 'event: endpoint\ndata: /message?sessionId=1\n\n'),
          );
        },
      });
      request.signal.addEventListener('abort', () => stream?.error(request.signal.reason));
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    posts.push({ url: request.url, body: JSON.parse(await request.text()) });
    return new Response('Accepted', { status: options.postStatus ?? 202 });
  };
  return {
    fetch,
    posts,
    refused,
    gets: () => gets,
    send: (message: unknown) =>
      stream!.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`)),
    raw: (text: string) => stream!.enqueue(encoder.encode(text)),
    end: () => stream!.close(),
  };
}

const rpc = (method: string, id: number, params: Record<string, unknown> = {}): JSONRPCRequest => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 1));
};

async function collect(exchange: AsyncIterable<ExchangeMessage>): Promise<ExchangeMessage[]> {
  const items: ExchangeMessage[] = [];
  for await (const item of exchange) items.push(item);
  return items;
}

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  describe('the deprecated HTTP+SSE transport of the HTTP client transport (B-7)', () => {
    it('B-7: GETs the URL, POSTs to the endpoint the first event names, and reads responses and progress from the stream', async () => {
      const server = sseServer();
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      await transport.legacy!.openSse!(AbortSignal.timeout(5000));
      const done = collect(transport.exchange(rpc('tools/call', 7, { _meta: { progressToken: 7 } }), {}));
      await until(() => server.posts.length === 1);
      expect(server.posts[0]).toEqual({
        url: 'http://127.0.0.1:1/message?sessionId=1',
        body: rpc('tools/call', 7, { _meta: { progressToken: 7 } }),
      });
      server.send({
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 7, progress: 1 },
      });
      server.send({ jsonrpc: '2.0', id: 8, result: { other: true } });
      server.send({ jsonrpc: '2.0', id: 7, result: { content: [] } });
      expect(await done).toEqual([
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 1 } },
        { jsonrpc: '2.0', id: 7, result: { content: [] } },
      ]);
      await transport.close();
    });

    it('B-7: notifications for no request go to serverMessages, which ends with the stream', async () => {
      const server = sseServer();
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      await transport.legacy!.openSse!(AbortSignal.timeout(5000));
      const read = collect(
        transport.legacy!.serverMessages(new AbortController().signal) as AsyncIterable<ExchangeMessage>,
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      server.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
      server.end();
      expect(await read).toEqual([{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
      await transport.close();
    });

    it('B-7 B-13: a request of the server on the stream is answered by the handler with a POST to the endpoint', async () => {
      const server = sseServer();
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      transport.legacy!.onServerRequest(async (request) => ({
        jsonrpc: '2.0',
        id: request.id,
        result: { roots: [] },
      }));
      await transport.legacy!.openSse!(AbortSignal.timeout(5000));
      server.send({ jsonrpc: '2.0', id: 'r1', method: 'roots/list' });
      await until(() => server.posts.length === 1);
      expect(server.posts[0]!.body).toEqual({ jsonrpc: '2.0', id: 'r1', result: { roots: [] } });
      await transport.close();
    });

    it('B-7: an endpoint on another origin is refused and nothing is POSTed there', async () => {
      const server = sseServer({ first: 'event: endpoint\ndata: http://evil.example/message\n\n' });
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      const opening = transport.legacy!.openSse!(AbortSignal.timeout(5000));
      await expect(opening).rejects.toThrow(/another origin/);
      await expect(opening).rejects.toBeInstanceOf(TransportError);
      await expect(collect(transport.exchange(rpc('ping', 1), {}))).rejects.toBeInstanceOf(TransportError);
      expect(server.posts.filter((post) => post.url.includes('evil'))).toEqual([]);
    });

    it('B-7: a first event other than endpoint, or a GET that opens no stream, is refused', async () => {
      const notFirst = sseServer({ first: 'event: message\ndata: {}\n\n' });
      const transport = createHttpClientTransport(SSE_URL, { fetch: notFirst.fetch });
      await expect(transport.legacy!.openSse!(AbortSignal.timeout(5000))).rejects.toThrow(/not "endpoint"/);
      const noStream = sseServer({ streamStatus: 405 });
      const other = createHttpClientTransport(SSE_URL, { fetch: noStream.fetch });
      await expect(other.legacy!.openSse!(AbortSignal.timeout(5000))).rejects.toMatchObject({ status: 405 });
    });

    it('B-7: opening gives up when the signal aborts before an endpoint event', async () => {
      const server = sseServer({ first: ': nothing yet\n\n' });
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      const controller = new AbortController();
      const opening = transport.legacy!.openSse!(controller.signal);
      await until(() => server.gets() === 1);
      controller.abort();
      await expect(opening).rejects.toThrow(/no endpoint event in time/);
    });

    it('B-7: an SSE event past maxEventBytes fails the request in flight with too-large', async () => {
      const server = sseServer();
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch, maxEventBytes: 100 });
      await transport.legacy!.openSse!(AbortSignal.timeout(5000));
      const done = collect(transport.exchange(rpc('tools/list', 1), {}));
      await until(() => server.posts.length === 1);
      server.raw(`data: ${'x'.repeat(200)}\n\n`);
      await expect(done).rejects.toMatchObject({ reason: 'too-large' });
    });

    it('B-7: the stream ending fails the request in flight (connection-lost) and later ones (session-expired)', async () => {
      const server = sseServer();
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      await transport.legacy!.openSse!(AbortSignal.timeout(5000));
      const done = collect(transport.exchange(rpc('tools/list', 1), {}));
      await until(() => server.posts.length === 1);
      server.end();
      await expect(done).rejects.toMatchObject({ reason: 'connection-lost' });
      await expect(collect(transport.exchange(rpc('tools/list', 2), {}))).rejects.toMatchObject({
        reason: 'session-expired',
      });
      expect(server.posts).toHaveLength(1);
    });

    it('B-7: a 404 to a POST means the server forgot the session (session-expired)', async () => {
      const server = sseServer({ postStatus: 404 });
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      await transport.legacy!.openSse!(AbortSignal.timeout(5000));
      await expect(collect(transport.exchange(rpc('tools/list', 1), {}))).rejects.toMatchObject({
        reason: 'session-expired',
      });
      await transport.close();
    });

    it('B-7: leaving an exchange before its response cancels it with notifications/cancelled', async () => {
      const server = sseServer();
      const transport = createHttpClientTransport(SSE_URL, { fetch: server.fetch });
      await transport.legacy!.openSse!(AbortSignal.timeout(5000));
      const iterator = transport.exchange(rpc('tools/call', 3), {})[Symbol.asyncIterator]();
      const next = iterator.next();
      await until(() => server.posts.length === 1);
      await iterator.return!();
      expect(await next).toEqual({ value: undefined, done: true });
      await until(() => server.posts.length === 2);
      expect(server.posts[1]!.body).toMatchObject({
        method: 'notifications/cancelled',
        params: { requestId: 3 },
      });
      await transport.close();
    });

    describe('through the auth provider, as every request of the transport', () => {
      /** A provider whose token is `stale` until `onUnauthorized` refreshes it; records what it was asked. */
      function refreshingProvider(refresh = true) {
        let token = 'stale';
        const asked: HttpAuthRequest[] = [];
        const unauthorized: { status: number; method: string; url: string; attempt: number }[] = [];
        return {
          asked,
          unauthorized,
          provider: {
            headers: (request: HttpAuthRequest) => {
              asked.push(request);
              return { authorization: `Bearer ${token}` };
            },
            onUnauthorized: (response: Response, request: HttpAuthRequest & { attempt: number }) => {
              unauthorized.push({ status: response.status, ...request });
              if (refresh) token = 'fresh';
              return refresh;
            },
          },
        };
      }
      const stale = (request: Request) => request.headers.get('authorization') === 'Bearer stale';

      it('B-7: a 401 to the GET of the stream goes to onUnauthorized, and the GET is sent again with fresh headers', async () => {
        const server = sseServer({ refuse: (request) => (stale(request) ? 401 : undefined) });
        const auth = refreshingProvider();
        const transport = createHttpClientTransport(SSE_URL, {
          fetch: server.fetch,
          authProvider: auth.provider,
        });
        await transport.legacy!.openSse!(AbortSignal.timeout(5000));
        expect(server.refused).toEqual([{ method: 'GET', status: 401 }]);
        expect(auth.unauthorized).toEqual([{ status: 401, method: 'GET', url: SSE_URL, attempt: 0 }]);
        expect(server.gets()).toBe(1);
        await transport.close();
      });

      it('B-7: a 401 or 403 to a POST to the endpoint is retried the same way, its headers asked for the endpoint URL (a DPoP proof signs it)', async () => {
        let refusals = [401, 403];
        const server = sseServer({
          refuse: (request) => (request.method === 'POST' ? refusals.shift() : undefined),
        });
        const auth = refreshingProvider();
        const transport = createHttpClientTransport(SSE_URL, {
          fetch: server.fetch,
          authProvider: auth.provider,
        });
        await transport.legacy!.openSse!(AbortSignal.timeout(5000));
        const done = collect(transport.exchange(rpc('tools/list', 3), {}));
        await until(() => server.posts.length === 1);
        server.send({ jsonrpc: '2.0', id: 3, result: { tools: [] } });
        expect(await done).toEqual([{ jsonrpc: '2.0', id: 3, result: { tools: [] } }]);
        const endpoint = 'http://127.0.0.1:1/message?sessionId=1';
        expect(server.refused).toEqual([
          { method: 'POST', status: 401 },
          { method: 'POST', status: 403 },
        ]);
        expect(auth.unauthorized.map(({ status, attempt, url }) => ({ status, attempt, url }))).toEqual([
          { status: 401, attempt: 0, url: endpoint },
          { status: 403, attempt: 1, url: endpoint },
        ]);
        expect(auth.asked).toEqual([
          { method: 'GET', url: SSE_URL },
          { method: 'POST', url: endpoint },
          { method: 'POST', url: endpoint },
          { method: 'POST', url: endpoint },
        ]);
        refusals = [];
        await transport.close();
      });

      it('B-7: when the provider has no fresh credentials the refusal stands: opening fails with its status', async () => {
        const server = sseServer({ refuse: (request) => (stale(request) ? 401 : undefined) });
        const auth = refreshingProvider(false);
        const transport = createHttpClientTransport(SSE_URL, {
          fetch: server.fetch,
          authProvider: auth.provider,
        });
        const error = await transport.legacy!.openSse!(AbortSignal.timeout(5000)).catch((failure) => failure);
        expect(error).toBeInstanceOf(TransportError);
        expect(error).toMatchObject({ reason: 'bad-response', status: 401 });
        expect(auth.unauthorized).toHaveLength(1);
        expect(server.refused).toHaveLength(1);
      });
    });
  });
});
