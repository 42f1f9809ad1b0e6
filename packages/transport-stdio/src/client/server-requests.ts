import type {
  JSONRPCNotification,
  JSONRPCRequest,
  ServerRequestHandler,
  ServerRequestResponse,
} from '@mcpkit/protocol';

/**
 * What a 2025-era server sends on the pipe outside the client's exchanges: its own requests
 * (B-13), answered with the registered handler and written back, and notifications for no
 * request, handed to whoever reads `serverMessages`. Without a handler a request is not answered:
 * a client of the 2026 era writes no responses (T-4), and one of the 2025 era registers a handler.
 */
export class ServerTraffic {
  #handler: ServerRequestHandler | undefined;
  readonly #readers = new Set<(notification: JSONRPCNotification) => void>();
  readonly #lifetime = new AbortController();

  setHandler(handler: ServerRequestHandler): () => void {
    this.#handler = handler;
    return () => {
      if (this.#handler === handler) this.#handler = undefined;
    };
  }

  /**
   * Answers `request` with the handler and writes the answer with `write`, unless the transport
   * closed meanwhile. Whether there is a handler to answer it.
   */
  answer(request: JSONRPCRequest, write: (line: string) => void): boolean {
    const handler = this.#handler;
    if (!handler) return false;
    const response: Promise<ServerRequestResponse> = handler(request, { signal: this.#lifetime.signal });
    void response.then(
      (message) => {
        if (!this.#lifetime.signal.aborted) write(`${JSON.stringify(message)}\n`);
      },
      () => {
        // A handler breaking its contract (it must resolve to a response) leaves the server waiting.
      },
    );
    return true;
  }

  /** Hands an unrouted notification to the readers; whether anyone read it. */
  deliver(notification: JSONRPCNotification): boolean {
    for (const reader of this.#readers) reader(notification);
    return this.#readers.size > 0;
  }

  /** The notifications that arrive for no request until `signal` aborts. */
  async *messages(signal: AbortSignal): AsyncGenerator<JSONRPCNotification> {
    const queue: JSONRPCNotification[] = [];
    let wake: (() => void) | undefined;
    const reader = (notification: JSONRPCNotification) => {
      queue.push(notification);
      wake?.();
    };
    const stop = () => wake?.();
    this.#readers.add(reader);
    signal.addEventListener('abort', stop, { once: true });
    this.#lifetime.signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (signal.aborted || this.#lifetime.signal.aborted) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      this.#readers.delete(reader);
      signal.removeEventListener('abort', stop);
      this.#lifetime.signal.removeEventListener('abort', stop);
    }
  }

  close(): void {
    this.#lifetime.abort();
  }
}
