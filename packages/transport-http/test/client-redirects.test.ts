import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type JSONRPCRequest, TransportError } from '@mcpkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpClientTransportOptions } from '../src/index.js';
import { request } from './helpers/endpoints.js';
import { ENGINES, transportFor } from './helpers/engines.js';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Loopback {
  origin: string;
  seen: Seen[];
  server: Server;
}

const servers: Server[] = [];

/** A loopback server that answers each POST with `answer(path)`: a redirect or a JSON-RPC result. */
async function loopback(answer: (path: string) => { status: number; location?: string }): Promise<Loopback> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const { status, location } = answer(req.url ?? '');
      if (location !== undefined) {
        res.writeHead(status, { location }).end();
        return;
      }
      const id = (JSON.parse(body) as { id: number }).id;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: { from: `port ${(server.address() as AddressInfo).port}` },
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const call = request(1, 'tools/call', { name: 'echo', arguments: {} }) as JSONRPCRequest;
const SECRETS = { authorization: 'Bearer secret-token', 'x-api-key': 'k-123' };

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  async function exchange(url: string, options: HttpClientTransportOptions = {}) {
    const transport = createHttpClientTransport(url, {
      headers: { 'x-api-key': SECRETS['x-api-key'] },
      authProvider: { headers: () => ({ authorization: SECRETS.authorization }) },
      ...options,
    });
    const items = [];
    for await (const item of transport.exchange(call, { paramHeaders: { Region: 'eu' } })) items.push(item);
    return items;
  }

  async function failure(promise: Promise<unknown>): Promise<TransportError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(TransportError);
      return error as TransportError;
    }
    throw new Error('expected a failure');
  }

  describe('HTTP client redirects', () => {
    it('a redirect to another origin is not followed by default: nothing reaches it', async () => {
      const foreign = await loopback(() => ({ status: 200 }));
      const home = await loopback(() => ({ status: 307, location: `${foreign.origin}/mcp` }));
      const error = await failure(exchange(`${home.origin}/mcp`));
      expect(error.reason).toBe('bad-response');
      expect(error.status).toBe(307);
      expect(error.message).toContain(foreign.origin);
      expect(foreign.seen).toHaveLength(0);
    });

    it('a same-origin redirect is followed with the POST, its body and every header', async () => {
      const home = await loopback((path) =>
        path === '/old' ? { status: 308, location: '/mcp' } : { status: 200 },
      );
      const items = await exchange(`${home.origin}/old`);
      expect(items).toHaveLength(1);
      const [first, second] = home.seen;
      expect(second!.url).toBe('/mcp');
      expect(second!.body).toBe(first!.body);
      expect(second!.headers.authorization).toBe(SECRETS.authorization);
      expect(second!.headers['x-api-key']).toBe(SECRETS['x-api-key']);
      expect(second!.headers['mcp-method']).toBe('tools/call');
    });

    it("redirect: 'follow' reaches another origin without Authorization, Mcp-* or custom headers", async () => {
      const foreign = await loopback(() => ({ status: 200 }));
      const home = await loopback(() => ({ status: 307, location: `${foreign.origin}/mcp` }));
      const items = await exchange(`${home.origin}/mcp`, { redirect: 'follow' });
      expect(items).toEqual([
        { jsonrpc: '2.0', id: 1, result: { from: `port ${new URL(foreign.origin).port}` } },
      ]);
      const headers = foreign.seen[0]!.headers;
      expect(headers.authorization).toBeUndefined();
      expect(headers['x-api-key']).toBeUndefined();
      expect(Object.keys(headers).filter((name) => name.startsWith('mcp-'))).toEqual([]);
      expect(headers['content-type']).toBe('application/json');
    });

    it("redirect: 'error' follows no redirect, not even within the origin", async () => {
      const home = await loopback((path) =>
        path === '/old' ? { status: 301, location: '/mcp' } : { status: 200 },
      );
      const error = await failure(exchange(`${home.origin}/old`, { redirect: 'error' }));
      expect(error.status).toBe(301);
      expect(home.seen).toHaveLength(1);
    });

    it('a redirect loop stops after 5 hops', async () => {
      const home = await loopback(() => ({ status: 307, location: '/mcp' }));
      const error = await failure(exchange(`${home.origin}/mcp`));
      expect(error.message).toMatch(/more than 5 redirects/);
      expect(home.seen).toHaveLength(6);
    });

    it('a 303 (see other, a GET) is not followed', async () => {
      const home = await loopback((path) =>
        path === '/old' ? { status: 303, location: '/mcp' } : { status: 200 },
      );
      const error = await failure(exchange(`${home.origin}/old`));
      expect(error.status).toBe(303);
      expect(home.seen).toHaveLength(1);
    });
  });
});
