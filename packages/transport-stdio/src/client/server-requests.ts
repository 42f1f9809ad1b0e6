import {
  ErrorCode,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type ServerRequestHandler,
  type ServerRequestResponse,
} from '@mcpkit/protocol';

/**
 * What a 2025-era server sends on the pipe outside the client's exchanges: its own requests
 * (B-13), answered with the registered handler (or `-32601`) and written back, and notifications
 * for no request, handed to whoever reads `serverMessages`.
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

  /** Answers `request` and writes the answer with `write`, unless the transport closed meanwhile. */
  answer(request: JSONRPCRequest, write: (line: string) => void): void {
    const handler = this.#handler;
    const response: Promise<ServerRequestResponse> = handler
      ? handler(request, { signal: this.#lifetime.signal })
      : Promise.resolve({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: ErrorCode.MethodNotFound, message: `No handler for ${request.method}` },
        });
    void response.then(
      (message) => {
        if (!this.#lifetime.signal.aborted) write(`${JSON.stringify(message)}\n`);
      },
      () => {
        // A handler breaking its contract (it must resolve to a response) leaves the server waiting.
      },
    );
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
