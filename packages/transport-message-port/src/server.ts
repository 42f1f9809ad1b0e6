import type { EndpointItem, ExchangeMessage, McpEndpoint, RequestContext } from '@mcpkit/protocol';
import { ServerMux } from '@mcpkit/protocol/internal';
import type { MessagePortLike, PortMessageEvent } from './port.js';

/** Options of `serveMessagePort`. */
export interface MessagePortServerOptions {
  /** Fields of the request context every exchange gets. Default `{ transport: 'message-port' }`. */
  context?: Omit<RequestContext, 'signal' | 'channel'>;
}

/** A server running on a port. */
export interface MessagePortServer {
  /** Stops listening; exchanges still running are aborted and post nothing more. The port stays open. */
  close(): void;
}

/** The object posted for an item: a final response is posted as its JSON-RPC response. */
function posted(item: EndpointItem | ExchangeMessage): unknown {
  return 'response' in item ? item.response : item;
}

/**
 * Serves `endpoint` on a port: each message that arrives is one JSON-RPC message, requests run
 * concurrently and each answer is posted as it is ready; `notifications/cancelled` aborts the
 * request's `context.signal` and nothing more is posted for it.
 *
 * @example
 * ```ts
 * // mcp-worker.ts, run with `new Worker(url, { type: 'module' })`
 * const server = new McpServer({ name: 'in-a-worker', version: '1.0.0' });
 * serveMessagePort(server, self);
 * ```
 */
export function serveMessagePort(
  endpoint: McpEndpoint,
  port: MessagePortLike,
  options: MessagePortServerOptions = {},
): MessagePortServer {
  const closed = new AbortController();
  /** Posts `message` unless the server was closed; whether it was posted. */
  const post = (message: unknown): boolean => {
    if (closed.signal.aborted) return false;
    port.postMessage(message);
    return true;
  };
  const channel = { send: post, closed: closed.signal };
  const context = { ...(options.context ?? { transport: 'message-port' }), channel };
  const write = (item: EndpointItem | ExchangeMessage) => void post(posted(item));
  const mux = new ServerMux(endpoint, context, { write, idle: () => {} });
  const listener = (event: Event) => mux.receive((event as Event & PortMessageEvent).data);
  port.addEventListener('message', listener);
  port.start?.();
  return {
    close: () => {
      if (closed.signal.aborted) return;
      port.removeEventListener('message', listener);
      closed.abort();
      mux.stop();
    },
  };
}
