import type { ClientTransport, JSONRPCNotification } from '@mcpkit/protocol';
import type { Era } from '../era.js';
import { LegacyListenHub } from './listen.js';

/**
 * Reads what a 2025-era server sends outside any request for as long as the session lasts (HTTP:
 * the standalone GET stream, which is also where such servers send the requests they make on
 * their own, B-13): each notification goes to `observe`. `follow` ends the previous session's
 * reading, so a new `initialize` never leaves two streams open. `listens` gets every notification
 * too, and hears of each new session and of a server that offers the session no stream.
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

  /** Reads the stream of the session just started in `era`. */
  follow(era: Era): void {
    this.#current?.abort();
    this.listens.sessionStarted();
    if (this.#transport.serverMessages === undefined || this.#lifetime.aborted) return;
    const controller = new AbortController();
    this.#current = controller;
    const signal = AbortSignal.any([controller.signal, this.#lifetime]);
    void this.#read(signal, era);
  }

  async #read(signal: AbortSignal, era: Era): Promise<void> {
    try {
      for await (const notification of this.#transport.serverMessages!(signal)) {
        this.#observe(notification);
        this.listens.deliver(notification);
      }
      // Streamable HTTP ends the stream by itself only on a 405 (the HTTP+SSE stream ending ends its
      // session instead, and the next session reads anew; stdio's ends with the process).
      const http = /^https?:/i.test(this.#transport.peer ?? '');
      if (!signal.aborted && era === 'legacy' && http) this.listens.refuseStream();
    } catch {
      // The stream is a convenience of the older era: calls work without it, and a new session reopens it.
    }
  }
}
