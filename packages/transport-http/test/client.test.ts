import { type JSONRPCRequest, McpError, TransportError, toErrorResponse } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../src/index.js';
import { call, collect, inProcess, rejection, respondWith } from './helpers/client.js';
import { echo, progress, request, result, scripted } from './helpers/endpoints.js';
import { ENGINES, transportFor } from './helpers/engines.js';
import { URL_BASE } from './helpers/http.js';

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  describe('requests the client sends', () => {
    it('H-4, H-5, H-6, H-7, H-27: one POST of the one request, Accept for both types and the mirror headers', async () => {
      const { fetch, requests } = inProcess(createFetchHandler(echo));
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      await collect(
        transport.exchange(call, { paramHeaders: { Region: 'us-west1', Verbose: true, Limit: 5 } }),
      );
      const [sent] = requests as [Request];
      expect(sent.method).toBe('POST');
      expect(sent.url).toBe(URL_BASE);
      const accept = sent.headers.get('accept')!;
      expect(accept).toContain('application/json');
      expect(accept).toContain('text/event-stream');
      expect(sent.headers.get('content-type')).toBe('application/json');
      expect(sent.headers.get('mcp-protocol-version')).toBe('2026-07-28');
      expect(sent.headers.get('mcp-method')).toBe('tools/call');
      expect(sent.headers.get('mcp-name')).toBe('get_weather');
      expect(sent.headers.get('mcp-param-region')).toBe('us-west1');
      expect(sent.headers.get('mcp-param-verbose')).toBe('true');
      expect(sent.headers.get('mcp-param-limit')).toBe('5');
      expect(await sent.json()).toEqual(call);
    });

    it('H-26: values that are not plain ASCII are sent Base64-encoded', async () => {
      const { fetch, requests } = inProcess(createFetchHandler(echo));
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      const unicode = request(2, 'tools/call', { name: 'wetter-ü' }) as JSONRPCRequest;
      await collect(transport.exchange(unicode, { paramHeaders: { City: 'Hello, 世界', Padded: ' x ' } }));
      const [sent] = requests as [Request];
      expect(sent.headers.get('mcp-name')).toBe('=?base64?d2V0dGVyLcO8?=');
      expect(sent.headers.get('mcp-param-city')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
      expect(sent.headers.get('mcp-param-padded')).toBe('=?base64?IHgg?=');
    });

    it('H-6: resources/read mirrors the uri in Mcp-Name; tools/list has none', async () => {
      const { fetch, requests } = inProcess(createFetchHandler(echo));
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      await collect(
        transport.exchange(request(1, 'resources/read', { uri: 'file:///a.txt' }) as JSONRPCRequest, {}),
      );
      await collect(transport.exchange(request(2, 'tools/list') as JSONRPCRequest, {}));
      expect(requests[0]!.headers.get('mcp-name')).toBe('file:///a.txt');
      expect(requests[1]!.headers.get('mcp-name')).toBeNull();
      expect(requests[1]!.headers.get('mcp-method')).toBe('tools/list');
    });

    it('adds custom headers (static or computed per request) without letting them replace MCP headers', async () => {
      const { fetch, requests } = inProcess(createFetchHandler(echo));
      let n = 0;
      const computed = createHttpClientTransport(URL_BASE, {
        fetch,
        headers: () => ({ 'x-request-number': String(++n), 'mcp-method': 'spoofed' }),
      });
      await collect(computed.exchange(call, {}));
      await collect(computed.exchange(call, {}));
      const fixed = createHttpClientTransport(URL_BASE, { fetch, headers: [['X-Tenant', 'acme']] });
      await collect(fixed.exchange(call, {}));
      expect(requests.map((r) => r.headers.get('x-request-number'))).toEqual(['1', '2', null]);
      expect(requests[0]!.headers.get('mcp-method')).toBe('tools/call');
      expect(requests[2]!.headers.get('x-tenant')).toBe('acme');
    });
  });

  describe('responses the client reads', () => {
    it('H-11: yields the response of a JSON answer', async () => {
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(createFetchHandler(echo)).fetch,
      });
      const items = await collect(transport.exchange(call, {}));
      expect(items).toEqual([result(1, { echoed: call.params })]);
    });

    it('H-11, H-12: yields SSE notifications then the response, and stops there', async () => {
      const endpoint = scripted(async function* (message) {
        yield progress('p', 1);
        yield progress('p', 2);
        yield result(message.id, { ok: true });
      });
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(createFetchHandler(endpoint)).fetch,
      });
      expect(await collect(transport.exchange(call, {}))).toEqual([
        progress('p', 1),
        progress('p', 2),
        result(1, { ok: true }),
      ]);
    });

    it.each([
      ['H-19: -32022 on 400', McpError.unsupportedProtocolVersion('2026-07-28', ['2027-01-01'])],
      ['H-18: -32020 on 400', McpError.headerMismatch('Mcp-Name does not match')],
      ['H-20: -32601 on 404', McpError.methodNotFound('tools/call')],
    ])('%s is yielded as an error response for the client to act on', async (_name, error) => {
      const endpoint = scripted(async function* (message) {
        yield toErrorResponse(error, message.id as number);
      });
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(createFetchHandler(endpoint)).fetch,
      });
      const items = await collect(transport.exchange(call, {}));
      expect(items).toEqual([{ jsonrpc: '2.0', id: 1, error: error.toJSON() }]);
    });

    it('an HTTP failure without a JSON-RPC body is a non-retryable TransportError("bad-response") with the status', async () => {
      for (const [status, body, type] of [
        [500, '<h1>oops</h1>', 'text/html'],
        [404, 'Not Found', 'text/plain'],
        [502, '', 'text/plain'],
        [200, '{"not":"jsonrpc"}', 'application/json'],
        [202, '', 'text/plain'],
      ] as const) {
        const fetch = respondWith(() => new Response(body, { status, headers: { 'content-type': type } }));
        const transport = createHttpClientTransport(URL_BASE, { fetch });
        const error = await rejection(collect(transport.exchange(call, {})));
        expect(error, `${status}`).toBeInstanceOf(TransportError);
        expect((error as TransportError).reason).toBe('bad-response');
        expect((error as TransportError).status).toBe(status);
        expect((error as TransportError).retryable).toBe(false);
      }
    });

    it('H-13: skips JSON-RPC requests an older server sends on the stream', async () => {
      const body = [
        'data: {"jsonrpc":"2.0","id":"srv-1","method":"sampling/createMessage","params":{}}',
        '',
        `data: ${JSON.stringify(result(1))}`,
        '',
        '',
      ].join('\n');
      const fetch = respondWith(
        () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
      );
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      expect(await collect(transport.exchange(call, {}))).toEqual([result(1)]);
    });

    it('H-15: ignores comments and empty priming events; parses events split across chunks', async () => {
      const text = `: keep-alive\n\nid: 0\ndata:\n\n${'data: '}${JSON.stringify(progress('p', 1))}\n\ndata: ${JSON.stringify(result(1))}\n\n`;
      const bytes = new TextEncoder().encode(text);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
          controller.close();
        },
      });
      const fetch = respondWith(
        () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
      );
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      expect(await collect(transport.exchange(call, {}))).toEqual([progress('p', 1), result(1)]);
    });

    it('an SSE event that is not JSON-RPC is a bad-response', async () => {
      const fetch = respondWith(
        () => new Response('data: hello\n\n', { headers: { 'content-type': 'text/event-stream' } }),
      );
      const error = await rejection(
        collect(createHttpClientTransport(URL_BASE, { fetch }).exchange(call, {})),
      );
      expect((error as TransportError).reason).toBe('bad-response');
    });
  });

  describe('notifications', () => {
    it('H-8: notify resolves on 202', async () => {
      const { fetch, requests } = inProcess(createFetchHandler(echo));
      const transport = createHttpClientTransport(URL_BASE, { fetch });
      await transport.notify!({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1 },
      });
      expect(requests[0]!.headers.get('mcp-method')).toBe('notifications/cancelled');
    });

    it('H-8: a rejected notification throws the McpError from the body, or a TransportError', async () => {
      const refusing = scripted(async function* () {
        yield toErrorResponse(McpError.invalidParams('no thanks'), undefined);
      });
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(createFetchHandler(refusing)).fetch,
      });
      await expect(transport.notify!({ jsonrpc: '2.0', method: 'notifications/x' })).rejects.toMatchObject({
        code: -32602,
        message: 'no thanks',
      });
      const bare = createHttpClientTransport(URL_BASE, {
        fetch: respondWith(() => new Response('nope', { status: 400 })),
      });
      await expect(bare.notify!({ jsonrpc: '2.0', method: 'notifications/x' })).rejects.toMatchObject({
        reason: 'bad-response',
        status: 400,
      });
    });
  });

  describe('auth provider', () => {
    it('sends its headers and retries once after a 401 when it has fresh credentials', async () => {
      let token = 'old';
      const handler = createFetchHandler(echo, {
        authenticate: (info) =>
          info.headers.get('authorization') === 'Bearer new'
            ? { principal: 'me' }
            : new Response(null, { status: 401 }),
      });
      const { fetch, requests } = inProcess(handler);
      const unauthorized: number[] = [];
      const transport = createHttpClientTransport(URL_BASE, {
        fetch,
        authProvider: {
          headers: () => ({ authorization: `Bearer ${token}` }),
          onUnauthorized: (response) => {
            unauthorized.push(response.status);
            token = 'new';
            return true;
          },
        },
      });
      expect(await collect(transport.exchange(call, {}))).toHaveLength(1);
      expect(unauthorized).toEqual([401]);
      expect(requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer old', 'Bearer new']);
    });

    it('a 401 without a retry is a bad-response carrying the status', async () => {
      const handler = createFetchHandler(echo, { authenticate: () => new Response(null, { status: 401 }) });
      const transport = createHttpClientTransport(URL_BASE, {
        fetch: inProcess(handler).fetch,
        authProvider: { headers: () => undefined, onUnauthorized: () => false },
      });
      const error = (await rejection(collect(transport.exchange(call, {})))) as TransportError;
      expect(error.reason).toBe('bad-response');
      expect(error.status).toBe(401);
    });
  });
});
