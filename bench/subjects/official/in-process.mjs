// Official SDK v2, in-process: its only 2026-07-28 in-process path is its HTTP handler called with `Request`
// objects, by the bench (server alone through a fetch handler) or by its own client through a custom
// `fetch` (no sockets).
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { fetchServe, IN_PROCESS_URL } from '../../lib/fetch-serve.mjs';
import { connectClient } from './client.mjs';
import { echoServerFactory } from './server.mjs';

/**
 * The server alone behind its fetch handler: request bytes in a `Request`, response bytes out of the
 * `Response`. Its 2026-07-28 server has no layer below the handler the bench could call.
 */
export async function openFetchServer({ toolCount }) {
  const handler = createMcpHandler(echoServerFactory(toolCount));
  return { serve: fetchServe((request) => handler.fetch(request)), close: () => handler.close() };
}

/** Its client, pinned to 2026-07-28, over a transport whose `fetch` calls the handler directly. */
export async function open({ toolCount }) {
  const handler = createMcpHandler(echoServerFactory(toolCount));
  const transport = new StreamableHTTPClientTransport(new URL(IN_PROCESS_URL), {
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
