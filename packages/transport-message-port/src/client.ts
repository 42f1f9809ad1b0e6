import type {
  ClientTransport,
  JSONRPCMessage,
  JSONRPCNotification,
  ServerRequestHandler,
} from '@mcpkit/protocol';
import { LinkClientTransport } from '@mcpkit/protocol/internal';
import type { MessagePortLike, PortMessageEvent } from './port.js';

/** Options of `createMessagePortClientTransport`. */
export interface MessagePortClientOptions {
  /** Names the server (for example the worker's script URL), so a client can cache its era. */
  peer?: string;
  /** Close the port (`port.close()`, when it has one) when the transport closes. Default `true`. */
  closePort?: boolean;
  /** Messages that belong to no exchange in flight (a response after its request was cancelled). */
  onUnrouted?: (message: JSONRPCMessage) => void;
  /** What arrived on the port that is not one JSON-RPC message; it is skipped. */
  onInvalid?: (data: unknown) => void;
}

/** A `ClientTransport` over a port, as `createMessagePortClientTransport` returns it. */
export interface MessagePortClientTransport extends ClientTransport {
  notify(notification: JSONRPCNotification): Promise<void>;
  onServerRequest(handler: ServerRequestHandler): () => void;
  serverMessages(signal: AbortSignal): AsyncIterable<JSONRPCNotification>;
}

/**
 * A `ClientTransport` that talks to a server on the other side of a port (a worker, an iframe
 * given one end of a `MessageChannel`): one JSON-RPC message per `postMessage`, many exchanges at
 * once told apart by id; aborting an exchange posts `notifications/cancelled`. `close()` fails the
 * exchanges in flight with `TransportError('closed')`, stops listening and closes the port.
 *
 * @example
 * ```ts
 * const worker = new Worker(new URL('./mcp-worker.js', import.meta.url), { type: 'module' });
 * const client = new McpClient(createMessagePortClientTransport(worker), { clientInfo: { name: 'page', version: '1.0.0' } });
 * ```
 */
export function createMessagePortClientTransport(
  port: MessagePortLike & { close?(): void },
  options: MessagePortClientOptions = {},
): MessagePortClientTransport {
  const listener = (event: Event) => transport.receive((event as Event & PortMessageEvent).data);
  const transport = new LinkClientTransport(
    {
      send: (message) => port.postMessage(message),
      close: () => {
        port.removeEventListener('message', listener);
        if (options.closePort !== false) port.close?.();
      },
    },
    options,
  );
  port.addEventListener('message', listener);
  port.start?.();
  return transport;
}
