import type {
  ClientTransport,
  Exchange,
  ExchangeOptions,
  ServerRequestHandler,
  ServerRequestResponse,
} from '../contracts.js';
import { TransportError } from '../contracts.js';
import { decodeMessage, isRequestId } from '../decode.js';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest } from '../schemas/jsonrpc.js';
import { writeCancel } from './cancel.js';
import { ClientMux } from './client-mux.js';
import { type ExchangeOwner, PendingExchange } from './pending-exchange.js';

/** What a client sends: requests, notifications, and its answers to a 2025-era server's requests. */
export type ClientMessage = JSONRPCRequest | JSONRPCNotification | ServerRequestResponse;

/** One connection to a server that carries whole messages (a `MessagePort`, a WebSocket). */
export interface MessageLink {
  /** Sends one message; throws when it cannot (the exchange that sent it fails with the error). */
  send(message: ClientMessage): void;
  /** Releases the connection; called once, by the transport's `close()`. */
  close(): void;
}

/** Options of `LinkClientTransport`. */
export interface LinkClientOptions {
  /** Names the server, so a client can cache what it learned about it (B-6). */
  peer?: string;
  /** Messages that belong to no exchange in flight, and requests of the server without a handler. */
  onUnrouted?: (message: JSONRPCMessage) => void;
  /** What arrived that is not one JSON-RPC message; it is skipped. */
  onInvalid?: (message: unknown) => void;
}

/**
 * A `ClientTransport` over one message connection that never reconnects: many exchanges at once,
 * told apart by JSON-RPC id; aborting one sends `notifications/cancelled`. The transport calls
 * `receive` with each message that arrives. A WebSocket or `postMessage` transport is this class
 * plus the few lines that move messages.
 */
export class LinkClientTransport implements ClientTransport {
  readonly peer: string | undefined;
  readonly #link: MessageLink;
  readonly #onInvalid: ((message: unknown) => void) | undefined;
  readonly #mux: ClientMux<undefined>;
  #closed = false;

  constructor(link: MessageLink, options: LinkClientOptions = {}) {
    this.#link = link;
    this.peer = options.peer;
    this.#onInvalid = options.onInvalid;
    this.#mux = new ClientMux({ reply: (response) => this.#post(response), onUnrouted: options.onUnrouted });
  }

  /** Takes one message from the server: parsed, not validated. */
  receive(message: unknown): void {
    if (this.#closed) return;
    const decoded = decodeMessage(message);
    if (decoded.ok) this.#mux.receive(decoded, undefined);
    else this.#onInvalid?.(message);
  }

  exchange(request: JSONRPCRequest, options: ExchangeOptions = {}): Exchange {
    return new PendingExchange(request, options.signal, this.#owner, options.sendCancel);
  }

  /** Sends a notification; a `notifications/cancelled` only for a request in flight, which it ends (C-52). */
  async notify(notification: JSONRPCNotification): Promise<void> {
    if (this.#closed) throw new TransportError('closed', 'The transport is closed');
    if (notification.method === 'notifications/cancelled') {
      const id = notification.params?.requestId;
      const exchange = isRequestId(id) ? this.#mux.router.get(id) : undefined;
      if (!exchange) return;
      this.#mux.router.remove(exchange, true);
      exchange.finish();
    }
    this.#link.send(notification);
  }

  /** Answers the requests a 2025-era server sends; without a handler they go to `onUnrouted`. */
  onServerRequest(handler: ServerRequestHandler): () => void {
    return this.#mux.serverRequests.set(handler);
  }

  /** Notifications the server sends for no request in flight. */
  serverMessages(signal: AbortSignal): AsyncIterable<JSONRPCNotification> {
    return this.#mux.notifications.messages(signal);
  }

  /** Cancels the exchanges in flight, which fail with `TransportError('closed')`, and closes the link. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const exchange of this.#mux.router.all()) {
      writeCancel(exchange.sendCancel, exchange.id, 'The client is closing', this.#postCancel);
    }
    this.#mux.close(new TransportError('closed', 'The transport was closed'));
    this.#link.close();
  }

  /** Sends what is not an exchange's request; a connection that broke is the exchanges' to report. */
  #post(message: ClientMessage): void {
    try {
      this.#link.send(message);
    } catch {
      // Nothing waits for it.
    }
  }

  readonly #postCancel = (notification: JSONRPCNotification): void => this.#post(notification);

  readonly #owner: ExchangeOwner = {
    open: (exchange) => {
      if (this.#closed) return exchange.fail(new TransportError('closed', 'The transport is closed'));
      const problem = this.#mux.router.add(exchange);
      if (problem !== undefined) return exchange.fail(new Error(problem));
      try {
        this.#link.send(exchange.request);
      } catch (error) {
        this.#mux.router.remove(exchange);
        return exchange.fail(error);
      }
      this.#mux.router.sent(exchange);
    },
    abandon: (exchange, reason) => {
      this.#mux.router.remove(exchange, true);
      writeCancel(exchange.sendCancel, exchange.id, reason, this.#postCancel);
    },
  };
}
