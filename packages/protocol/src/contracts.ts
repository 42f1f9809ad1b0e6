import type { JSONRPCNotification, JSONRPCRequest, JSONRPCResponse } from './schemas/jsonrpc.js';

/** Who is calling, as established by a transport's authentication hook. */
export interface AuthInfo {
  /** A stable identifier of the caller (user id, client id). Bound into MRTR state and tool handles. */
  principal?: string;
  /** Granted scopes. */
  scopes?: readonly string[];
  /** The credential itself, when the application needs it downstream. Never logged by mcpkit. */
  token?: string;
  /** Expiry of the credential, in milliseconds since the epoch. */
  expiresAt?: number;
  /** Anything else the hook learned (token claims, tenant, …). */
  extra?: Record<string, unknown>;
}

/** What a transport knows about one incoming message, handed to the endpoint with it. */
export interface RequestContext {
  /** Aborts when the peer cancels the request or goes away (S-62). */
  signal: AbortSignal;
  transport: 'stdio' | 'http' | 'memory' | (string & {});
  /** The HTTP request headers (HTTP only), for the header/body checks (H-29). */
  headers?: Headers;
  /** Set by a transport's authentication hook. */
  auth?: AuthInfo;
}

/** One item of an exchange: a request-scoped or listen notification, or the final response. */
export type ExchangeMessage = JSONRPCNotification | JSONRPCResponse;

/**
 * The answer to one request: zero or more notifications, then exactly one response; for a
 * notification, nothing. A cancelled exchange ends without a response.
 */
export type Exchange = AsyncIterable<ExchangeMessage>;

/**
 * A server as every transport sees it. `message` is parsed JSON that has not been validated:
 * the endpoint validates it.
 *
 * Cancellation: the transport aborts `context.signal` and stops reading the exchange, so nothing
 * more of it reaches the peer; the endpoint stops the work. Transports may create the signal
 * lazily, so an endpoint should read it only when it needs it.
 */
export interface McpEndpoint {
  handle(message: unknown, context: RequestContext): Exchange;
}

/** Per-exchange options a client passes to its transport. */
export interface ExchangeOptions {
  /** Aborting cancels the request (stdio: `notifications/cancelled`; HTTP: closing the stream). */
  signal?: AbortSignal;
  /** `x-mcp-header` values of a `tools/call`, mirrored as `Mcp-Param-*` headers by HTTP (H-27). */
  paramHeaders?: Record<string, string | number | boolean>;
}

/** What a client needs from a transport. */
export interface ClientTransport {
  /**
   * Sends one request and yields what the server sends back for it, ending after the response.
   * Ending the iteration early (`return()` on its iterator, `break` in `for await`) cancels the
   * request exactly as aborting `options.signal` does, and must take effect at once even while a
   * read is pending: clients end timed-out calls this way, without creating a signal per call.
   */
  exchange(request: JSONRPCRequest, options: ExchangeOptions): Exchange;
  /** Sends a notification (stdio only in practice: `notifications/cancelled`). */
  notify?(notification: JSONRPCNotification): Promise<void>;
  /** Releases the transport's resources; exchanges in flight fail with a `TransportError`. */
  close(): Promise<void>;
  /**
   * Calls `listener` when the transport lost its peer and reconnected (e.g. a stdio child was
   * respawned): listens must be re-opened (C-43). Returns a function that removes the listener.
   */
  onRestart?(listener: () => void): () => void;
}

/** Why a transport failed an exchange. */
export type TransportErrorReason =
  /** The transport was closed by its owner. */
  | 'closed'
  /** The peer went away and the transport reconnected; the request was lost (T-17). */
  | 'restarted'
  /** The connection or response stream broke before the response arrived (C-55). */
  | 'connection-lost'
  /** The peer answered outside JSON-RPC (an HTTP status without a JSON-RPC body, bad framing). */
  | 'bad-response'
  /** The peer sent a message or body larger than the transport's limit; the exchange was cut off. */
  | 'too-large';

/**
 * A local failure of the transport, never a message from the peer. When `retryable` is true the
 * request was lost in transit and may be re-issued as a new request with a new id (C-55, T-17).
 */
export class TransportError extends Error {
  readonly reason: TransportErrorReason;
  readonly retryable: boolean;
  /** The HTTP status, for `bad-response` over HTTP. */
  readonly status: number | undefined;

  constructor(
    reason: TransportErrorReason,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TransportError';
    this.reason = reason;
    this.retryable = reason === 'restarted' || reason === 'connection-lost';
    this.status = options.status;
  }
}
