// mcpkit, in-process: its client over the in-memory transport (which copies every message through JSON,
// as the wire would), and the server alone: the endpoint's `handle` with the context a transport gives
// it (a signal created only if the endpoint reads it), read as transports read it, and the response
// serialized as transports do.
import { createInMemoryTransport, responseText } from '@mcpkit/protocol';
import { closeQuietly, requestContextClass } from '@mcpkit/protocol/internal';
import { createFetchHandler } from '@mcpkit/transport-http';
import { fetchServe, IN_PROCESS_HOST } from '../../lib/fetch-serve.mjs';
import { connectClient } from './client.mjs';
import { createEchoServer } from './server.mjs';

/**
 * Reads an exchange up to its response as the transports read it: by `readNext` (each item handed over
 * by a call, the response in the reaction that produced it), then closes it without waiting for its end.
 */
class ResponseReader {
  constructor(iterator, resolve, reject) {
    this.iterator = iterator;
    this.resolve = resolve;
    this.reject = reject;
  }

  step(result) {
    try {
      if (result.done) throw new Error('the exchange ended without a response');
      if (!('response' in result.value)) return this.iterator.readNext(this);
      closeQuietly(this.iterator);
      this.resolve(responseText(result.value));
    } catch (error) {
      this.reject(error);
    }
  }

  fail(error) {
    this.reject(error);
  }
}

/**
 * The server alone: request bytes parsed, handed to the endpoint, its response serialized. The exchange
 * is read up to its response and then closed without waiting for its end, as the transports read it
 * (protocol's connection mux and transport-http's reply): by `readNext`, and none asks for the item
 * after the response.
 */
export async function openServer({ toolCount }) {
  const server = createEchoServer(toolCount);
  // Chosen once for the endpoint, as the transports choose it.
  const Context = requestContextClass(server);
  return {
    serve: (text) =>
      new Promise((resolve, reject) => {
        const context = new Context({ transport: 'memory' });
        const iterator = server.handle(JSON.parse(text), context)[Symbol.asyncIterator]();
        iterator.readNext(new ResponseReader(iterator, resolve, reject));
      }),
    close: async () => {},
  };
}

/** The server alone behind its fetch handler, the layer the official SDK's server alone is measured at. */
export async function openFetchServer({ toolCount }) {
  const handler = createFetchHandler(createEchoServer(toolCount), { allowedHosts: [IN_PROCESS_HOST] });
  return { serve: fetchServe(handler), close: async () => {} };
}

/** `McpClient` over `createInMemoryTransport(server)`. */
export function open({ toolCount }) {
  return connectClient(createInMemoryTransport(createEchoServer(toolCount)));
}
