import type { JSONRPCNotification, LegacyClientWire } from '@mcpkit/protocol';
import { kit } from './kit.js';
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
  readonly #wire: LegacyClientWire;
  readonly #lifetime: AbortSignal;
  readonly #observe: (notification: JSONRPCNotification) => void;
  #current: AbortController | undefined;

  constructor(
    wire: LegacyClientWire,
    lifetime: AbortSignal,
    observe: (notification: JSONRPCNotification) => void,
  ) {
    this.#wire = wire;
    this.#lifetime = lifetime;
    this.#observe = observe;
  }

  /** Reads the stream of the session just started. */
  follow(): void {
    this.#current?.abort();
    this.listens.sessionStarted();
    if (this.#lifetime.aborted) return;
    const controller = new AbortController();
    this.#current = controller;
    void this.#read(AbortSignal.any([controller.signal, this.#lifetime]));
  }

  async #read(signal: AbortSignal): Promise<void> {
    try {
      for await (const notification of this.#wire.serverMessages(signal)) {
        this.#observe(notification);
        this.listens.deliver(notification);
      }
    } catch (error) {
      // HTTP 405 to the GET: the server offers the session no stream outside requests.
      if (!signal.aborted && kit.isTransportError(error) && error.status === 405) this.listens.refuseStream();
      // Anything else: the stream is a convenience of the older era; calls work without it, and a
      // new session reopens it.
    }
  }
}
