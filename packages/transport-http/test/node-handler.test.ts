import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import type { EndpointItem, ExchangeMessage, JSONRPCNotification, McpEndpoint } from '@mcpkit/protocol';
import type { ExchangeReader, ReadableExchange } from '@mcpkit/protocol/internal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeHandler } from '../src/node/index.js';
import { aborted, echo, gate, progress, request, result, scripted, silent } from './helpers/endpoints.js';
import { frames, mcpHeaders } from './helpers/http.js';
import { closeStarted, postTo, raw, rawSocket, serve } from './helpers/node.js';

afterEach(closeStarted);

/**
 * An endpoint whose exchange hands its response over by a call (`readNext`) before the call
 * returns, as McpServer's does for a synchronous tool.
 */
function answeringAtOnce(): McpEndpoint {
  return {
    handle: (message) => {
      const id = (message as { id: number }).id;
      const exchange: ReadableExchange<EndpointItem> = {
        readNext: (reader: ExchangeReader<EndpointItem>) =>
          reader.step({ done: false, value: { response: result(id) } }),
        next: () => Promise.reject(new Error('read with next() where readNext is offered')),
        return: () => Promise.resolve({ done: true, value: undefined }),
      };
      return { [Symbol.asyncIterator]: () => exchange };
    },
  };
}

describe('createNodeHandler over loopback sockets', () => {
  it('H-11: a JSON answer is one body with Content-Length, not chunked', async () => {
    const url = await serve(createNodeHandler(echo));
    const response = await raw(url, { headers: mcpHeaders(), chunks: [JSON.stringify(request(7))] });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(response.body)).toMatchObject({ id: 7 });
  });

  it('H-1, H-38: GET is 405 with Allow: POST', async () => {
    const url = await serve(createNodeHandler(echo));
    const response = await raw(url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  it('H-2: a forged Host is 403; a localhost Host and Origin are served', async () => {
    const url = await serve(createNodeHandler(echo));
    const body = [JSON.stringify(request(1))];
    const evil = { host: 'evil.example.com', origin: 'http://evil.example.com' };
    expect((await raw(url, { headers: mcpHeaders(evil), chunks: body })).status).toBe(403);
    const port = new URL(url).port;
    const local = { host: `localhost:${port}`, origin: `http://localhost:${port}` };
    expect((await raw(url, { headers: mcpHeaders(local), chunks: body })).status).toBe(200);
  });

  it('H-2: an absolute-form request target (RFC 9112 §3.2.2) is routed by its path, and its host is checked too', async () => {
    const seen: string[] = [];
    const handler = createNodeHandler(echo, {
      path: '/mcp',
      authenticate: ({ url }) => {
        seen.push(url);
        return {};
      },
    });
    const { host } = new URL(await serve(handler));
    const mcpLines = Object.entries(mcpHeaders()).map(([name, value]) => `${name}: ${value}`);
    const post = (target: string, hostHeader = host) =>
      rawSocket(
        `http://${host}`,
        [`POST ${target} HTTP/1.1`, `host: ${hostHeader}`, ...mcpLines],
        JSON.stringify(request(1)),
      );

    expect(await post('/mcp?x=1')).toBe('HTTP/1.1 200 OK');
    expect(await post(`http://${host}/mcp?x=1`)).toBe('HTTP/1.1 200 OK');
    expect(await post(`HTTP://${host}/other`)).toBe('HTTP/1.1 404 Not Found');
    expect(seen).toEqual([`http://${host}/mcp?x=1`, `http://${host}/mcp?x=1`]);
    // Either host may be the forged one: the target's (which RFC 9112 prefers) or the header's.
    expect(await post('http://evil.example.com/mcp')).toBe('HTTP/1.1 403 Forbidden');
    expect(await post(`http://${host}/mcp`, 'evil.example.com')).toBe('HTTP/1.1 403 Forbidden');
    expect(await post('http:///mcp')).toBe('HTTP/1.1 403 Forbidden');
    expect(seen).toHaveLength(2);
  });

  it('H-2: an HTTP/1.0 request without a Host header is refused when Host checking is on', async () => {
    const mcpLines = Object.entries(mcpHeaders()).map(([name, value]) => `${name}: ${value}`);
    const body = JSON.stringify(request(1));
    const checked = await serve(createNodeHandler(echo));
    expect(await rawSocket(checked, ['POST /mcp HTTP/1.0', ...mcpLines], body)).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    const { host } = new URL(checked);
    expect(await rawSocket(checked, [`POST http://${host}/mcp HTTP/1.0`, ...mcpLines], body)).toBe(
      'HTTP/1.1 200 OK',
    );
    const open = await serve(createNodeHandler(echo, { allowedHosts: '*' }));
    expect(await rawSocket(open, ['POST /mcp HTTP/1.0', ...mcpLines], body)).toBe('HTTP/1.1 200 OK');
  });

  it('413 when a chunked body grows past the limit, 400 -32700 for bad JSON', async () => {
    const url = await serve(createNodeHandler(echo, { maxBodyBytes: 100 }));
    const big = await raw(url, {
      headers: mcpHeaders(),
      chunks: Array.from({ length: 20 }, () => 'x'.repeat(50)),
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe(-32600);
    const declared = await raw(url, {
      headers: mcpHeaders({ 'content-length': '5000' }),
      chunks: ['x'.repeat(5000)],
    });
    expect(declared.status).toBe(413);
    const bad = await raw(url, { headers: mcpHeaders(), chunks: ['{"jsonrpc":'] });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe(-32700);
  });

  it('joins a body that arrives in several chunks, and answers an empty one with 400 -32700', async () => {
    const url = await serve(createNodeHandler(echo));
    const text = JSON.stringify(request(5, 'tools/call', { name: 'a' }));
    const thirds = [text.slice(0, 10), text.slice(10, 30), text.slice(30)];
    const joined = await raw(url, { headers: mcpHeaders(), chunks: thirds });
    expect(joined.status).toBe(200);
    expect(JSON.parse(joined.body)).toMatchObject({ id: 5, result: { echoed: { name: 'a' } } });
    const empty = await raw(url, { headers: mcpHeaders({ 'content-length': '0' }) });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body).error.code).toBe(-32700);
  });

  it('passes Node headers to the endpoint as a Headers view', async () => {
    const endpoint = scripted(async function* (message) {
      yield result(message.id);
    });
    const url = await serve(createNodeHandler(endpoint));
    await postTo(url, request(1), { 'mcp-method': 'tools/call', 'x-multi': 'a' });
    const { headers, transport } = endpoint.seen[0]!.context;
    expect(transport).toBe('http');
    expect(headers?.get('Mcp-Method')).toBe('tools/call');
    expect(headers?.has('x-multi')).toBe(true);
    expect(headers?.get('absent')).toBeNull();
    expect([...headers!.keys()]).toContain('mcp-protocol-version');
    expect(() => headers!.set('x', 'y')).toThrow(TypeError);
  });

  it('writes a refusal before the handler returns: no promise turn for a request refused before its body', async () => {
    const handler = createNodeHandler(echo);
    const endedOnReturn: boolean[] = [];
    const url = await serve((req, res) => {
      void handler(req, res);
      endedOnReturn.push(res.writableEnded);
    });
    const forged = mcpHeaders({ host: 'evil.example.com' });
    expect((await raw(url, { headers: forged, chunks: [JSON.stringify(request(1))] })).status).toBe(403);
    expect((await raw(url, { method: 'GET', headers: { accept: 'text/event-stream' } })).status).toBe(405);
    expect(endedOnReturn).toEqual([true, true]);
  });

  it('serves an exchange whose next() returns its item without a promise, as awaiting it would', async () => {
    const endpoint: McpEndpoint = {
      handle: (message) => ({
        [Symbol.asyncIterator]: () => ({
          next: () =>
            ({
              done: false,
              value: { response: result((message as { id: number }).id) },
            }) as unknown as Promise<IteratorResult<EndpointItem>>,
        }),
      }),
    };
    const url = await serve(createNodeHandler(endpoint));
    const response = await raw(url, { headers: mcpHeaders(), chunks: [JSON.stringify(request(3))] });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ id: 3, result: { resultType: 'complete' } });
  });

  it("writes the reply in the body's end event when the exchange answers at once: no promise turn", async () => {
    const endpoint = answeringAtOnce();
    const handler = createNodeHandler(endpoint);
    const endedAtBodyEnd: boolean[] = [];
    const url = await serve((req, res) => {
      void handler(req, res);
      req.on('end', () => endedAtBodyEnd.push(res.writableEnded));
    });
    const response = await raw(url, {
      headers: mcpHeaders(),
      chunks: ['{"jsonrpc":"2.0",', '"id":4,"method":"a"}'],
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ id: 4, result: { resultType: 'complete' } });
    expect(endedAtBodyEnd).toEqual([true]);
  });

  it('writes a reply the exchange hands over later in the call that hands it over: no promise turn', async () => {
    let handOver: (() => void) | undefined;
    const endpoint: McpEndpoint = {
      handle: (message) => {
        const exchange: ReadableExchange<EndpointItem> = {
          readNext: (reader: ExchangeReader<EndpointItem>) => {
            const response = result((message as { id: number }).id);
            handOver = () => reader.step({ done: false, value: { response } });
          },
          next: () => Promise.reject(new Error('read with next() where readNext is offered')),
          return: () => Promise.resolve({ done: true, value: undefined }),
        };
        return { [Symbol.asyncIterator]: () => exchange };
      },
    };
    const handler = createNodeHandler(endpoint);
    let served: ServerResponse | undefined;
    const url = await serve((req, res) => {
      served = res;
      void handler(req, res);
    });
    const replied = raw(url, { headers: mcpHeaders(), chunks: [JSON.stringify(request(5))] });
    await vi.waitFor(() => expect(handOver).toBeDefined());
    expect(served?.writableEnded).toBe(false);
    handOver!();
    expect(served?.writableEnded).toBe(true);
    expect(JSON.parse((await replied).body)).toMatchObject({ id: 5, result: { resultType: 'complete' } });
  });

  it('answers 500 and serves the next request when the reply cannot be made in the end event', async () => {
    // An endpoint that breaks its contract: `sessions` throws on its second read, the one made
    // once the first request's body has arrived.
    let reads = 0;
    const endpoint = Object.defineProperty(answeringAtOnce(), 'sessions', {
      get() {
        reads++;
        if (reads === 2) throw new Error('broken endpoint');
        return undefined;
      },
    });
    const url = await serve(createNodeHandler(endpoint));
    expect((await raw(url, { headers: mcpHeaders(), chunks: [JSON.stringify(request(1))] })).status).toBe(
      500,
    );
    expect((await raw(url, { headers: mcpHeaders(), chunks: [JSON.stringify(request(2))] })).status).toBe(
      200,
    );
  });

  it('uses a body Express or Fastify already parsed (req.body)', async () => {
    const endpoint = scripted(async function* (message) {
      yield result(message.id, { got: message.params ?? null });
    });
    const handler = createNodeHandler(endpoint);
    const url = await serve((req, res) => {
      // What express.json() does: consume the stream, then set req.body.
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        (req as IncomingMessage & { body?: unknown }).body =
          req.headers['x-as'] === 'text' ? text : JSON.parse(text);
        void handler(req, res);
      });
    });
    const asObject = await postTo(url, request(1, 'tools/call', { name: 'a' }));
    expect(await asObject.json()).toMatchObject({ id: 1, result: { got: { name: 'a' } } });
    const asText = await postTo(url, request(2, 'tools/call', { name: 'b' }), { 'x-as': 'text' });
    expect(await asText.json()).toMatchObject({ id: 2, result: { got: { name: 'b' } } });
  });

  it("turns the authentication hook's Response into the reply", async () => {
    const url = await serve(
      createNodeHandler(echo, {
        authenticate: () =>
          new Response('{"error":"invalid_token"}', {
            status: 401,
            headers: {
              'www-authenticate': 'Bearer error="invalid_token"',
              'content-type': 'application/json',
            },
          }),
      }),
    );
    const response = await postTo(url, request(1));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await response.json()).toEqual({ error: 'invalid_token' });
  });

  it('H-34: a client that disconnects before the JSON answer aborts the exchange', async () => {
    const endpoint = silent((_message, context) => aborted(context.signal));
    const url = await serve(createNodeHandler(endpoint));
    const controller = new AbortController();
    const pending = postTo(url, request(1), {}, controller.signal).catch((error: unknown) => error);
    while (endpoint.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await pending;
    await aborted(endpoint.seen[0]!.context.signal);
  });

  it('H-34: on a kept-alive connection, only the requests still being answered are aborted when it closes', async () => {
    // 2 and 4 wait for their client; the others are answered at once.
    const endpoint = scripted(async function* (message, context) {
      if (message.id === 2 || message.id === 4) await aborted(context.signal);
      else yield result(message.id);
    });
    const handler = createNodeHandler(endpoint);
    const listeners: number[][] = [];
    const url = await serve((req, res) => {
      const before = req.socket.listenerCount('close');
      void handler(req, res);
      listeners.push([res.listenerCount('close'), req.socket.listenerCount('close') - before]);
    });
    const { hostname, port } = new URL(url);
    const head = Object.entries(mcpHeaders({ host: `${hostname}:${port}` }));
    const post = (id: number) => {
      const body = JSON.stringify(request(id));
      const lines = head.map(([n, v]) => `${n}: ${v}\r\n`).join('');
      return `POST /mcp HTTP/1.1\r\n${lines}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    };
    const seen = async (count: number) => {
      while (endpoint.seen.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const answered = gate();
    const socket = connect(Number(port), hostname, () => socket.write(post(1)));
    socket.on('data', (chunk: Buffer) => {
      if (chunk.toString().startsWith('HTTP/1.1 200')) answered.open();
    });
    await answered.promise;
    socket.write(post(3));
    await seen(2);
    // Pipelined: 5 is answered while 2 and 4, before and after it, are still open.
    socket.write(post(2) + post(5) + post(4));
    await seen(5);
    socket.destroy();
    const signals = new Map(
      endpoint.seen.map(({ message, context }) => [(message as { id: number }).id, context.signal]),
    );
    await Promise.all([aborted(signals.get(2)!), aborted(signals.get(4)!)]);
    expect([1, 3, 5].map((id) => signals.get(id)!.aborted)).toEqual([false, false, false]);
    // One listener on the connection, added by its first request; none on any response.
    expect(listeners).toEqual([
      [0, 1],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it("reads a body with the request's data and end listeners only: a client gone is heard on the response", async () => {
    const handler = createNodeHandler(echo);
    const counts: number[][] = [];
    const url = await serve((req, res) => {
      const before = ['data', 'end', 'error', 'close'].map((name) => req.listenerCount(name));
      void handler(req, res);
      counts.push(['data', 'end', 'error', 'close'].map((name, i) => req.listenerCount(name) - before[i]!));
    });
    expect((await postTo(url, request(1))).status).toBe(200);
    expect(counts).toEqual([[1, 1, 0, 0]]);
  });

  it('a client that goes away while sending its body: the endpoint is never called, the server serves on', async () => {
    for (const options of [{}, { authenticate: () => ({}) }]) {
      const endpoint = silent(async () => undefined);
      const handler = createNodeHandler(endpoint, options);
      const handed: Promise<void>[] = [];
      const closed = gate();
      const url = await serve((req, res) => {
        res.once('close', closed.open);
        handed.push(handler(req, res));
      });
      const { hostname, port } = new URL(url);
      const head = Object.entries(mcpHeaders({ host: `${hostname}:${port}`, 'content-length': '100' }));
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          `POST /mcp HTTP/1.1\r\n${head.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n{"jsonrpc":`,
        ),
      );
      while (handed.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      socket.destroy();
      await closed.promise;
      // With the hook, the body is read behind a promise: it settles once the read has failed.
      await Promise.all(handed);
      expect(endpoint.seen).toHaveLength(0);
      expect((await postTo(url, request(2))).status).toBe(200);
      expect(endpoint.seen).toHaveLength(1);
    }
  });

  it('H-11, H-14, H-34: serves many concurrent SSE streams, each with its own messages', async () => {
    const streams = 16;
    const ready = gate();
    let acknowledged = 0;
    const broadcast = gate();
    const endpoint = scripted(async function* (message, context) {
      yield {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': message.id } },
      } as JSONRPCNotification;
      if (++acknowledged === streams) ready.open();
      await broadcast.promise;
      yield {
        jsonrpc: '2.0',
        method: 'notifications/tools/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': message.id } },
      } as JSONRPCNotification;
      await aborted(context.signal);
    });
    const url = await serve(createNodeHandler(endpoint));
    const responses = await Promise.all(
      Array.from({ length: streams }, (_, i) => postTo(url, request(100 + i, 'subscriptions/listen'))),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(response.headers.get('x-accel-buffering')).toBe('no');
    }
    const readers = responses.map((response) => frames(response)[Symbol.asyncIterator]());
    const firsts = await Promise.all(readers.map((reader) => reader.next()));
    await ready.promise;
    broadcast.open();
    const seconds = await Promise.all(readers.map((reader) => reader.next()));
    readers.forEach((_, i) => {
      const ack = JSON.parse((firsts[i]!.value as string).slice(6)) as ExchangeMessage;
      const change = JSON.parse((seconds[i]!.value as string).slice(6)) as {
        method: string;
        params: { _meta: Record<string, unknown> };
      };
      expect(ack).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
      expect(change.method).toBe('notifications/tools/list_changed');
      expect(change.params._meta['io.modelcontextprotocol/subscriptionId']).toBe(100 + i);
    });
    await Promise.all(readers.map((reader) => reader.return?.(undefined)));
    await Promise.all(endpoint.seen.map(({ context }) => aborted(context.signal)));
  });

  it('S-63: a stream that ended with its response does not abort the signal afterwards', async () => {
    const endpoint = scripted(async function* (message) {
      yield progress('p', 1);
      yield result(message.id);
    });
    const handler = createNodeHandler(endpoint);
    const closed = gate();
    const url = await serve((req, res) => {
      res.once('close', () => setImmediate(closed.open));
      void handler(req, res);
    });
    const response = await postTo(url, request(1));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    await response.text();
    await closed.promise;
    expect(endpoint.seen[0]!.context.signal.aborted).toBe(false);
  });

  // Moves 64 MiB through a loopback socket, enough to outlast the kernel's socket buffers: a few
  // seconds idle, more than 30 s on a 2-core machine shared by other builds.
  it('applies backpressure: a client that stops reading stops the exchange being pulled', async () => {
    const total = 2000;
    const frame = 'x'.repeat(32 * 1024);
    let pulled = 0;
    const endpoint = scripted(async function* (message) {
      for (let i = 0; i < total; i++) {
        pulled += 1;
        yield { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: frame } };
      }
      yield result(message.id);
    });
    const url = await serve(createNodeHandler(endpoint));
    const outcome = await new Promise<{ pulledWhilePaused: number; bytes: number }>((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', headers: mcpHeaders() }, (res) => {
        res.pause();
        // Wait until the server stops producing, with the client reading nothing.
        let last = -1;
        const check = setInterval(() => {
          if (pulled !== last) {
            last = pulled;
            return;
          }
          clearInterval(check);
          const pulledWhilePaused = pulled;
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () => resolve({ pulledWhilePaused, bytes }));
          res.resume();
        }, 50);
      });
      req.on('error', reject);
      req.end(JSON.stringify(request(1)));
    });
    expect(outcome.pulledWhilePaused).toBeLessThan(total);
    expect(pulled).toBe(total);
    expect(outcome.bytes).toBeGreaterThan(total * frame.length);
  }, 120_000);
});

describe('createNodeHandler tells the endpoint where the client is', () => {
  /** A server that answers as `echo` and records the network peer of each request's context. */
  async function servePeerRecorder() {
    const seen: unknown[] = [];
    const url = await serve(
      createNodeHandler({
        handle: (message, context) => {
          seen.push(context.network);
          return echo.handle(message, context);
        },
      }),
    );
    return { seen, url };
  }

  it("the context of each request names TCP and the socket's remote address and port", async () => {
    const { seen, url } = await servePeerRecorder();
    const response = await raw(url, { headers: mcpHeaders(), chunks: [JSON.stringify(request(3))] });
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ transport: 'tcp', address: '127.0.0.1', port: expect.any(Number) }]);
  });

  it('requests on one keep-alive connection share one frozen peer; another connection has its own', async () => {
    const { seen, url } = await servePeerRecorder();
    const post = (agent: Agent, id: number) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(url, { method: 'POST', headers: mcpHeaders(), agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(JSON.stringify(request(id)));
      });
    const kept = new Agent({ keepAlive: true, maxSockets: 1 });
    const other = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect([await post(kept, 1), await post(kept, 2), await post(other, 3)]).toEqual([200, 200, 200]);
    } finally {
      kept.destroy();
      other.destroy();
    }
    const [first, second, third] = seen as Array<{ port: number }>;
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(third).toEqual({ transport: 'tcp', address: '127.0.0.1', port: expect.any(Number) });
    expect(third).not.toBe(first);
    expect(third!.port).not.toBe(first!.port);
  });
});
