import type { ServerRequestHandler, ServerRequestResponse } from '../contracts.js';
import { ErrorCode } from '../errors.js';
import type { JSONRPCRequest } from '../schemas/jsonrpc.js';

/**
 * Where a client transport keeps the handler for the requests a 2025-era server sends it (B-13):
 * `ping`, `elicitation/create`, `sampling/createMessage`, `roots/list`. The handler's signal aborts
 * when the slot is closed (the transport closed). What to do without a handler is the transport's
 * choice: stdio answers nothing (a 2026-era client writes no responses, T-4), HTTP answers `-32601`.
 */
export class ServerRequestSlot {
  #handler: ServerRequestHandler | undefined;
  readonly #lifetime = new AbortController();

  /** @param lifetime when given, closing is also its abort (the transport's own lifetime). */
  constructor(lifetime?: AbortSignal) {
    lifetime?.addEventListener('abort', () => this.close(), { once: true });
  }

  /** Registers `handler`, replacing any other; returns a function that removes it. */
  set(handler: ServerRequestHandler): () => void {
    this.#handler = handler;
    return () => {
      if (this.#handler === handler) this.#handler = undefined;
    };
  }

  /** Whether the slot was closed: answers are no longer sent. */
  get closed(): boolean {
    return this.#lifetime.signal.aborted;
  }

  /**
   * The handler's answer to `request`; `undefined` when no handler is registered. The handler's
   * signal is `signal` (for a request the server can cancel) or else the slot's lifetime.
   */
  respond(
    request: JSONRPCRequest,
    related?: JSONRPCRequest,
    signal: AbortSignal = this.#lifetime.signal,
  ): Promise<ServerRequestResponse> | undefined {
    const handler = this.#handler;
    if (!handler) return undefined;
    return handler(request, related === undefined ? { signal } : { signal, related });
  }

  /** The handler's answer to `request`, or without a handler `-32601` (a session of the 2025 era over HTTP). */
  respondOrRefuse(
    request: JSONRPCRequest,
    related?: JSONRPCRequest,
    signal?: AbortSignal,
  ): Promise<ServerRequestResponse> {
    return (
      this.respond(request, related, signal) ??
      Promise.resolve({
        jsonrpc: '2.0',
        id: request.id,
        error: { code: ErrorCode.MethodNotFound, message: `No handler for ${request.method}` },
      })
    );
  }

  /**
   * Answers `request` with the handler and hands the answer to `send`, unless the slot closed
   * meanwhile. Whether there is a handler to answer it.
   */
  answer(request: JSONRPCRequest, send: (response: ServerRequestResponse) => void): boolean {
    const response = this.respond(request);
    if (!response) return false;
    void response.then(
      (message) => {
        if (!this.closed) send(message);
      },
      () => {
        // A handler breaking its contract (it must resolve to a response) leaves the server waiting.
      },
    );
    return true;
  }

  close(): void {
    this.#lifetime.abort();
  }
}
