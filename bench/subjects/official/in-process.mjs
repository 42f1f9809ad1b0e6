// Official SDK v2, in-process: its only 2026-07-28 in-process path is its HTTP handler called with `Request`
// objects, by the bench (server alone) or by its own client through a custom `fetch` (no sockets).
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { httpHeaders } from '../../lib/mcp-wire.mjs';
import { connectClient } from './client.mjs';
import { echoServerFactory } from './server.mjs';

const URL_IN_PROCESS = 'http://in-process.invalid/mcp';

/** The server alone: request bytes in a `Request`, response bytes out of the `Response`. */
export async function openServer({ toolCount }) {
  const handler = createMcpHandler(echoServerFactory(toolCount));
  const headersByMethod = new Map();
  return {
    serve: async (text, method, name) => {
      const key = `${method} ${name}`;
      if (!headersByMethod.has(key)) headersByMethod.set(key, httpHeaders(method, name));
      const headers = headersByMethod.get(key);
      const response = await handler.fetch(
        new Request(URL_IN_PROCESS, { method: 'POST', headers, body: text }),
      );
      return response.text();
    },
    close: () => handler.close(),
  };
}

/** Its client, pinned to 2026-07-28, over a transport whose `fetch` calls the handler directly. */
export async function open({ toolCount }) {
  const handler = createMcpHandler(echoServerFactory(toolCount));
  const transport = new StreamableHTTPClientTransport(new URL(URL_IN_PROCESS), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  const client = await connectClient(transport);
  return {
    callEcho: client.callEcho,
    listTools: client.listTools,
    close: async () => {
      await client.close();
      await handler.close();
    },
  };
}
