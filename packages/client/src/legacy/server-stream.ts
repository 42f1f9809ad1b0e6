import type { ClientTransport, JSONRPCNotification } from '@mcpkit/protocol';
import { LegacyListenHub } from './listen.js';

/**
 * Reads what a 2025-era server sends outside any request for as long as the session lasts (HTTP:
 * the standalone GET stream, which is also where such servers send the requests they make on
 * their own, B-13): each notification goes to `observe`. `follow` ends the previous session's
 * reading, so a new `initialize` never leaves two streams open. `listens` gets every notification
 * too, and hears of each new session.
 */
export class LegacyServerStream {
  readonly listens = new LegacyListenHub();
  readonly #transport: ClientTransport;
  readonly #lifetime: AbortSignal;
  readonly #observe: (notification: JSONRPCNotification) => void;
  #current: AbortController | undefined;

  constructor(
    transport: ClientTransport,
    lifetime: AbortSignal,
    observe: (notification: JSONRPCNotification) => void,
  ) {
    this.#transport = transport;
    this.#lifetime = lifetime;
    this.#observe = observe;
  }

  follow(): void {
    this.#current?.abort();
    this.listens.sessionStarted();
    if (this.#transport.serverMessages === undefined || this.#lifetime.aborted) return;
    const controller = new AbortController();
    this.#current = controller;
    const signal = AbortSignal.any([controller.signal, this.#lifetime]);
    void this.#read(signal);
  }

  async #read(signal: AbortSignal): Promise<void> {
    try {
      for await (const notification of this.#transport.serverMessages!(signal)) {
        this.#observe(notification);
        this.listens.deliver(notification);
      }
    } catch {
      // The stream is a convenience of the older era: calls work without it, and a new session reopens it.
    }
  }
}
