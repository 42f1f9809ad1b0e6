import { type JSONRPCRequest, TransportError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  createFetchHandler,
  type HttpAuthRequest,
  type HttpClientTransportOptions,
  MAX_AUTH_RETRIES,
} from '../src/index.js';
import { collect } from './helpers/client.js';
import { echo } from './helpers/endpoints.js';
import { ENGINES, transportFor } from './helpers/engines.js';
import { URL_BASE } from './helpers/http.js';

type Fetch = NonNullable<HttpClientTransportOptions['fetch']>;

const call: JSONRPCRequest = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo' } };

/** A fetch answering each request with the next status of `statuses`, then with the echo endpoint. */
function statusesThenEcho(statuses: number[]) {
  const handler = createFetchHandler(echo);
  const seen: Request[] = [];
  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    const status = statuses.shift();
    if (status === undefined) return handler(request);
    return new Response(null, { status, headers: { 'www-authenticate': `Bearer error="e${status}"` } });
  };
  return { fetch, seen };
}

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  describe('auth provider hook', () => {
    it('headers() gets the method and URL of each request sent, retries included (fresh DPoP proofs)', async () => {
      const { fetch } = statusesThenEcho([401]);
      const asked: HttpAuthRequest[] = [];
      const transport = createHttpClientTransport(URL_BASE, {
        fetch,
        authProvider: {
          headers: (request) => {
            asked.push(request);
            return { authorization: `Bearer t${asked.length}` };
          },
          onUnauthorized: () => true,
        },
      });
      await collect(transport.exchange(call, {}));
      expect(asked).toEqual([
        { method: 'POST', url: URL_BASE },
        { method: 'POST', url: URL_BASE },
      ]);
    });

    it('onUnauthorized sees each 401/403 with its headers and the attempt number, and is retried while it says so', async () => {
      const { fetch, seen } = statusesThenEcho([401, 401, 403]);
      const calls: { status: number; challenge: string | null; attempt: number }[] = [];
      const transport = createHttpClientTransport(URL_BASE, {
        fetch,
        authProvider: {
          headers: () => undefined,
          onUnauthorized: (response, request) => {
            calls.push({
              status: response.status,
              challenge: response.headers.get('www-authenticate'),
              attempt: request.attempt,
            });
            return true;
          },
        },
      });
      expect(await collect(transport.exchange(call, {}))).toHaveLength(1);
      expect(calls).toEqual([
        { status: 401, challenge: 'Bearer error="e401"', attempt: 0 },
        { status: 401, challenge: 'Bearer error="e401"', attempt: 1 },
        { status: 403, challenge: 'Bearer error="e403"', attempt: 2 },
      ]);
      expect(seen).toHaveLength(4);
    });

    it(`stops after ${MAX_AUTH_RETRIES} retries even when the provider keeps saying yes`, async () => {
      const { fetch, seen } = statusesThenEcho([401, 401, 401, 401, 401]);
      const transport = createHttpClientTransport(URL_BASE, {
        fetch,
        authProvider: { headers: () => undefined, onUnauthorized: () => true },
      });
      await expect(collect(transport.exchange(call, {}))).rejects.toMatchObject({
        reason: 'bad-response',
        status: 401,
      });
      expect(seen).toHaveLength(MAX_AUTH_RETRIES + 1);
    });

    it('a provider that fails makes a non-retryable bad-response whose cause is its error', async () => {
      const { fetch, seen } = statusesThenEcho([401]);
      const failure = new Error('the user closed the login window');
      const transport = createHttpClientTransport(URL_BASE, {
        fetch,
        authProvider: {
          headers: () => undefined,
          onUnauthorized: () => Promise.reject(failure),
        },
      });
      const error = await collect(transport.exchange(call, {})).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ reason: 'bad-response', status: 401, retryable: false, cause: failure });
      expect((error as Error).message).toContain('the user closed the login window');
      expect(seen).toHaveLength(1);
    });

    it('the 2025-era session asks for the headers of its own method: a DELETE is signed as a DELETE', async () => {
      const methods: string[] = [];
      const fetch: Fetch = async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'DELETE') return new Response(null, { status: 200 });
        const { id } = (await request.json()) as { id: number };
        const result = {
          protocolVersion: '2025-11-25',
          capabilities: {},
          serverInfo: { name: 's', version: '1' },
        };
        return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), {
          headers: { 'content-type': 'application/json', 'mcp-session-id': 'abc' },
        });
      };
      const transport = createHttpClientTransport(URL_BASE, {
        fetch,
        authProvider: {
          headers: (request) => {
            methods.push(request.method);
            return { authorization: 'Bearer t' };
          },
        },
      });
      await collect(transport.exchange({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, {}));
      transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
      await transport.close();
      expect(methods).toEqual(['POST', 'DELETE']);
    });

    it("the 2025-era session's standalone GET stream retries a 401 through onUnauthorized, with fresh headers", async () => {
      const gets: (string | null)[] = [];
      const fetch: Fetch = async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'GET') {
          gets.push(request.headers.get('authorization'));
          if (request.headers.get('authorization') !== 'Bearer fresh')
            return new Response(null, { status: 401 });
          const event = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
          return new Response(`data: ${JSON.stringify(event)}\n\n`, {
            headers: { 'content-type': 'text/event-stream' },
          });
        }
        return new Response(null, { status: 405 });
      };
      let token = 'stale';
      const transport = createHttpClientTransport(URL_BASE, {
        fetch,
        authProvider: {
          headers: () => ({ authorization: `Bearer ${token}` }),
          onUnauthorized: () => {
            token = 'fresh';
            return true;
          },
        },
      });
      const controller = new AbortController();
      for await (const notification of transport.legacy!.serverMessages(controller.signal)) {
        expect(notification.method).toBe('notifications/tools/list_changed');
        controller.abort();
      }
      expect(gets).toEqual(['Bearer stale', 'Bearer fresh']);
      await transport.close();
    });
  });
});
