import type { ServerRequestResponse } from '../contracts.js';
import type { DecodedMessage } from '../decode.js';
import type { JSONRPCMessage } from '../schemas/jsonrpc.js';
import { ExchangeRouter } from './exchange-router.js';
import { PeerNotifications } from './peer-notifications.js';
import { ServerRequestSlot } from './server-request-slot.js';

/** What a client multiplexer needs from its transport. */
export interface ClientMuxOptions<Link> {
  /** Writes the answer to a request of the server on `link`, the connection it arrived on. */
  reply(response: ServerRequestResponse, link: Link): void;
  /** A message that belongs to nothing in flight (see `ClientMux.receive`). */
  onUnrouted?: ((message: JSONRPCMessage) => void) | undefined;
}

/**
 * The client side of a connection that carries many exchanges at once (stdio, a socket, a
 * `MessagePort`): the exchanges in flight (`router`), the handler for the server's own requests
 * (`serverRequests`) and the readers of what the server sends for no request (`notifications`).
 * `Link` is the transport's connection, handed back to `reply`; a transport that can reconnect
 * (a respawned stdio child) tells which connection a message came from.
 */
export class ClientMux<Link> {
  readonly router = new ExchangeRouter();
  readonly serverRequests = new ServerRequestSlot();
  readonly notifications = new PeerNotifications();
  readonly #reply: (response: ServerRequestResponse, link: Link) => void;
  readonly #onUnrouted: ((message: JSONRPCMessage) => void) | undefined;

  constructor(options: ClientMuxOptions<Link>) {
    this.#reply = options.reply;
    this.#onUnrouted = options.onUnrouted;
  }

  /**
   * Takes one message from the server: a response or notification goes to its exchange (see
   * `ExchangeRouter`); a request of the server (2025 era, B-13) to the handler, whose answer goes
   * back on `link`; a notification for no request to the readers of `notifications`. What belongs
   * to none of them (a late response, a request without a handler) goes to `onUnrouted`.
   */
  receive(decoded: DecodedMessage, link: Link): void {
    if (decoded.kind === 'request') {
      const answering = this.serverRequests.answer(decoded.message, (response) =>
        this.#reply(response, link),
      );
      if (!answering) this.unrouted(decoded.message);
      return;
    }
    if (this.router.route(decoded)) return;
    if (decoded.kind === 'notification' && this.notifications.deliver(decoded.message)) return;
    this.unrouted(decoded.message);
  }

  /** Hands `message` to `onUnrouted`; a callback that throws must not break the connection's reader. */
  unrouted(message: JSONRPCMessage): void {
    if (!this.#onUnrouted) return;
    try {
      this.#onUnrouted(message);
    } catch {
      // The application's problem; the transport keeps going.
    }
  }

  /** The transport closed: every exchange in flight fails with `error`, handlers and readers stop. */
  close(error: unknown): void {
    this.serverRequests.close();
    this.notifications.close();
    this.router.failAll(error);
  }
}
