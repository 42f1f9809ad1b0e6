import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@mcpkit/server';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { serveHttp } from '@mcpkit/transport-http/node';
import { afterEach, describe, expect, it } from 'vitest';
import { LegacyServerError, McpClient } from '../src/index.js';

/**
 * What a newcomer reads when connecting fails, against real servers on 127.0.0.1: the message names
 * the URL and the cause, and after a 404 at a path without /mcp, the likely fix.
 */
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: one the system just gave out and that was closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A plain node:http server that answers 404 to everything, as any web server does at a wrong path. */
async function notFoundServer(): Promise<string> {
  const server = createServer((_request, response) => {
    response.statusCode = 404;
    response.end('Not Found');
  });
  const port = await listen(server);
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${port}`;
}

async function connectError(url: string, options: { era?: 'modern'; engine?: 'node' | 'fetch' } = {}) {
  const transport = createHttpClientTransport(url, options.engine ? { engine: options.engine } : {});
  const client = new McpClient(transport, options.era ? { era: options.era } : {});
  cleanups.push(() => client.close());
  return client.connect().then(
    () => expect.unreachable('connected'),
    (error: unknown) => error as Error,
  );
}

const HINT = "; mcpkit serves /mcp by default; check the server's path";

describe('connecting fails with a message that names the URL and the cause', () => {
  it.each(['node', 'fetch'] as const)(
    'a refused connection reads "connect ECONNREFUSED <address> (<url>)" (%s engine)',
    async (engine) => {
      const port = await closedPort();
      const url = `http://127.0.0.1:${port}/mcp`;
      const error = await connectError(url, { engine });
      expect(error.message).toBe(`connect ECONNREFUSED 127.0.0.1:${port} (${url})`);
    },
  );

  it('a 404 at a path without /mcp says so and points at /mcp', async () => {
    const url = `${await notFoundServer()}/`;
    const error = await connectError(url);
    expect(error.message).toBe(`The server answered HTTP 404 at ${url}: no MCP endpoint there${HINT}`);
  });

  it('a 404 at /mcp says so, without the hint about the path', async () => {
    const url = `${await notFoundServer()}/mcp`;
    const error = await connectError(url);
    expect(error.message).toBe(`The server answered HTTP 404 at ${url}: no MCP endpoint there`);
  });

  it('an mcpkit server reached at / instead of /mcp', async () => {
    const http = await serveHttp(new McpServer({ name: 's', version: '1' }), { port: 0, host: '127.0.0.1' });
    cleanups.push(() => http.close());
    const root = new URL('/', http.url).href;
    const error = await connectError(root);
    expect(error.message).toBe(`The server answered HTTP 404 at ${root}: no MCP endpoint there${HINT}`);
    const right = new McpClient(createHttpClientTransport(http.url));
    cleanups.push(() => right.close());
    expect(await right.connect()).toMatchObject({ era: 'modern' });
  });

  it('with era "modern", the older-revision verdict after a 404 names the URL and the hint', async () => {
    const url = `${await notFoundServer()}/`;
    const error = await connectError(url, { era: 'modern' });
    expect(error).toBeInstanceOf(LegacyServerError);
    expect(error.message).toBe(
      `The server speaks an MCP revision older than 2026-07-28 (server/discover got HTTP 404 without a JSON-RPC error at ${url}${HINT})`,
    );
  });
});
