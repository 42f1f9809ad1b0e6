import type { JSONRPCRequest, JSONRPCResponse, RequestId } from '@mcpkit/protocol';
import { McpError } from '@mcpkit/protocol/internal';
import type { AnswerRouter } from './answer-router.js';

interface Pending {
  readonly owner: object;
  readonly method: string;
  resolve(result: Record<string, unknown>): void;
  reject(error: unknown): void;
}

/** How to send one server-to-client request. */
export interface OutboundOptions {
  /** Puts the request on the wire (the request's stream); false when that stream is gone. */
  emit(request: JSONRPCRequest): boolean;
  /** Aborts when the request it serves ends: the question is withdrawn. */
  signal: AbortSignal;
  /** How long to wait for the answer. */
  timeoutMs: number;
  /** Tells the peer a request was withdrawn (`notifications/cancelled`), when there is a way. */
  withdraw(requestId: RequestId, reason: string): void;
  /**
   * The HTTP session the request belongs to, whose answer may reach another instance: given, the
   * request is announced to the answer router before it goes out.
   */
  sessionId?: string;
}

/**
 * The server's own requests to legacy clients (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`, B-13) awaiting their answers. Ids are unique in this process and each request
 * belongs to an owner (a session or a connection): an answer from another owner, or to an id
 * never sent, settles nothing. Nothing waits forever: every request ends with its answer, its
 * timeout, the peer's `notifications/cancelled`, or the end of the request it serves.
 */
export class OutboundRequests {
  private readonly pending = new Map<string, Pending>();
  // Drawn at the first request, not at construction: Cloudflare Workers refuse random values in a
  // module's global scope, where a server is usually built.
  private prefix: string | undefined;
  private counter = 0;

  /** `router` carries answers that reach another instance; without it they reach only this one. */
  constructor(private readonly router?: AnswerRouter) {}

  /** How many requests await an answer. */
  get size(): number {
    return this.pending.size;
  }

  /** A request id unique in this process, for the next request `send` sends. */
  nextId(): string {
    this.prefix ??= `mcpkit-${crypto.randomUUID()}-`;
    return `${this.prefix}${++this.counter}`;
  }

  /**
   * Sends `method` as request `id` (from `nextId`) and resolves with the client's result;
   * rejects with an `McpError` otherwise.
   */
  send(
    owner: object,
    id: string,
    method: string,
    params: Record<string, unknown>,
    options: OutboundOptions,
  ): Promise<Record<string, unknown>> {
    if (options.signal.aborted) return Promise.reject(options.signal.reason);
    const { sessionId } = options;
    const router = sessionId === undefined ? undefined : this.router;
    return new Promise((resolve, reject) => {
      // Only a request that went out is withdrawn: with a router it waits for `expect` first.
      let sent = false;
      const withdraw = (reason: string) => {
        if (sent) options.withdraw(id, reason);
      };
      const settle = () => {
        clearTimeout(timer);
        options.signal.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        router?.forget(sessionId!, id);
      };
      const onAbort = () => {
        settle();
        withdraw('The request it served ended');
        reject(options.signal.reason);
      };
      const timer = setTimeout(() => {
        settle();
        withdraw('Timed out');
        reject(McpError.internalError(`The client did not answer ${method} within ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      options.signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, {
        owner,
        method,
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      const emit = () => {
        if (!this.pending.has(id)) return;
        sent = options.emit({ jsonrpc: '2.0', id, method, params });
        if (!sent)
          this.pending.get(id)?.reject(McpError.internalError(`The stream to send ${method} on is gone`));
      };
      if (router === undefined) emit();
      else
        router.expect(sessionId!, id, options.timeoutMs).then(emit, (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          const failure = McpError.internalError(`Could not send ${method} to the client: ${reason}`);
          this.pending.get(id)?.reject(error instanceof McpError ? error : failure);
        });
    });
  }

  /**
   * Routes a peer's response to the request it answers. False when no request of `owner` has its
   * id (never sent, already settled, or another owner's).
   */
  settle(owner: object, response: JSONRPCResponse): boolean {
    const entry = typeof response.id === 'string' ? this.pending.get(response.id) : undefined;
    if (entry === undefined || entry.owner !== owner) return false;
    if ('error' in response && response.error !== undefined) {
      const { code, message } = response.error;
      entry.reject(
        McpError.internalError(`The client answered ${entry.method} with error ${code}: ${message}`),
      );
    } else {
      const result = (response as { result?: unknown }).result;
      if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
        entry.resolve(result as Record<string, unknown>);
      } else {
        entry.reject(McpError.internalError(`The client's answer to ${entry.method} has no result object`));
      }
    }
    return true;
  }

  /**
   * The peer withdrew one of the server's requests (`notifications/cancelled`). False when no
   * request of `owner` has that id.
   */
  cancelledByPeer(owner: object, requestId: RequestId, reason: string | undefined): boolean {
    const entry = typeof requestId === 'string' ? this.pending.get(requestId) : undefined;
    if (entry === undefined || entry.owner !== owner) return false;
    const detail = reason ? `: ${reason}` : '';
    entry.reject(McpError.internalError(`The client cancelled ${entry.method}${detail}`));
    return true;
  }
}
