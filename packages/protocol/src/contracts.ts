import type { AuthInfo } from './auth-info.js';
import { brandClass } from './brand.js';
import type { CancelSender } from './mux/cancel.js';
import type { NetworkPeer } from './network.js';
import type { RequestId } from './schemas/json.js';
import type {
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
} from './schemas/jsonrpc.js';
import type { PeerChannel, SessionInfo } from './session-contracts.js';

/**
 * What an HTTP authentication hook sees of a request: transport-http's `authenticate` hook gets
 * it, and `@mcpkit/auth`'s `tokenAuthenticator` reads it (as `AuthRequest`).
 */
export interface HttpRequestInfo {
  readonly method: string;
  /** The absolute request URL. */
  readonly url: string;
  readonly headers: Headers;
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
  /**
   * The connection the message came on, for transports with one peer per connection (stdio, a
   * socket); absent on HTTP. The legacy era keeps its session on it (see `PeerChannel`).
   */
  channel?: PeerChannel;
  /** Where the client is (HTTP: the socket's remote address and port). Absent: known from `transport` alone. */
  network?: NetworkPeer;
  /** Set by a server's 2025 layer on what it serves on the 2026 engine: the session's id (HTTP) and version. */
  legacySession?: { readonly id: string | undefined; readonly protocolVersion: string };
}

/** One item of an exchange as a client reads it: a notification, or the final response. */
export type ExchangeMessage = JSONRPCNotification | JSONRPCResponse;

/**
 * The answer to one request as a client reads it: zero or more notifications, then exactly one
 * response; for a notification, nothing. A cancelled exchange ends without a response.
 */
export type Exchange = AsyncIterable<ExchangeMessage>;

/**
 * Why an endpoint answered a request with an error: one reason per step of the server pipeline
 * that can refuse a request, in the order the steps run (docs/architecture.md, "Errors and status
 * codes"). Steps are ordered by reason, never by the status a transport derives from it.
 *
 * - `envelope`: not JSON, or not a single JSON-RPC request or notification (-32700, -32600).
 * - `request-meta`: a required per-request `_meta` field is missing or malformed (-32602, S-1).
 * - `header-mismatch`: an HTTP header disagrees with the body (-32020, H-29).
 * - `unsupported-version`: the protocol version is not served (-32022, S-2).
 * - `unknown-method`: the method does not exist here (-32601, S-4).
 * - `missing-capability`: the request needs a client capability it did not declare (-32021, S-3).
 * - `invalid-params`: params the method cannot use, an unknown tool or prompt (-32602).
 * - `unauthorized`: authorization middleware found no valid credential (RFC 6750 §3.1).
 * - `forbidden`: authorization middleware found the credential's scopes insufficient (RFC 6750 §3.1).
 * - `handler`: what the handler or middleware threw, or an internal failure (-32603).
 * - `no-session`: a 2025-era HTTP request without the `Mcp-Session-Id` its session needs (B-11).
 * - `unknown-session`: a 2025-era HTTP request naming a session that is unknown or ended (B-11).
 * - `overloaded`: a new 2025-era session refused because the session store is full.
 * - `unavailable`: a shared store the request needs (sessions, tasks, stored events) cannot be
 *   reached; the request may succeed later or on another path.
 */
export type FailureReason =
  | 'envelope'
  | 'request-meta'
  | 'header-mismatch'
  | 'unsupported-version'
  | 'unknown-method'
  | 'missing-capability'
  | 'invalid-params'
  | 'unauthorized'
  | 'forbidden'
  | 'handler'
  | 'no-session'
  | 'unknown-session'
  | 'overloaded'
  | 'unavailable';

/**
 * The HTTP status of each failure (H-8, H-18..H-20): 400 for what stops a request before its
 * method is known to apply, 404 for an unknown method, 401 and 403 for authorization, and 200
 * with the error body for the errors of a method that exists, so that dual-era clients do not
 * take an ordinary error for a legacy server. The one table every HTTP transport applies.
 */
const HTTP_STATUS: Readonly<Record<FailureReason, number>> = {
  envelope: 400,
  'request-meta': 400,
  'header-mismatch': 400,
  'unsupported-version': 400,
  'unknown-method': 404,
  'missing-capability': 400,
  'invalid-params': 200,
  unauthorized: 401,
  forbidden: 403,
  handler: 200,
  'no-session': 400,
  'unknown-session': 404,
  overloaded: 503,
  unavailable: 503,
};

/**
 * The HTTP status an error response is sent with.
 *
 * @example
 * ```ts
 * const status = final.failure === undefined ? 200 : httpStatusFor(final.failure);
 * ```
 */
export function httpStatusFor(reason: FailureReason): number {
  return HTTP_STATUS[reason];
}

/**
 * The last item of an endpoint's exchange: the JSON-RPC response, with what a transport needs to
 * send it and that does not go on the wire.
 */
export interface FinalResponse {
  /** The response, exactly as the peer must receive it. */
  readonly response: JSONRPCResponse;
  /** For an error response, why the request failed (HTTP: `httpStatusFor`); `undefined` for a result. */
  readonly failure?: FailureReason | undefined;
  /**
   * `JSON.stringify(response)`, when the endpoint already holds that text (a list page it serves
   * unchanged to many requests): write it instead of serializing again (`responseText`).
   */
  readonly json?: string | undefined;
  /**
   * For an `unauthorized` or `forbidden` failure, the challenge naming what the caller needs
   * (an RFC 6750 `Bearer …` value): HTTP sends it as `WWW-Authenticate`.
   */
  readonly challenge?: string | undefined;
}

/** The JSON text of a final response: the endpoint's own text when it has one. */
export function responseText(final: FinalResponse): string {
  return final.json ?? JSON.stringify(final.response);
}

/**
 * One item of an endpoint's exchange: a notification on the wire, or the final response. In the
 * legacy era (2025-11-25 and before) a server also sends requests of its own on a request's
 * stream (`elicitation/create`, `sampling/createMessage`, `roots/list`, B-13); the peer's answers
 * come back as JSON-RPC responses through `McpEndpoint.handle`. A modern exchange never yields one.
 */
export type EndpointItem = JSONRPCNotification | JSONRPCRequest | FinalResponse;

/**
 * What an endpoint answers one message with: zero or more notifications, then exactly one
 * `FinalResponse` (`'response' in item`); for a notification, nothing. A cancelled exchange ends
 * without a final response.
 *
 * @example
 * ```ts
 * for await (const item of endpoint.handle(message, context)) {
 *   if ('response' in item) send(responseText(item), item.failure);
 *   else send(JSON.stringify(item));
 * }
 * ```
 */
export type EndpointExchange = AsyncIterable<EndpointItem> & {
  /** A legacy-era exchange's session, set before its first item is delivered (see `SessionInfo`). */
  readonly session?: SessionInfo;
};

/**
 * A server as every transport sees it. `message` is parsed JSON that has not been validated:
 * the endpoint validates it. The whole contract between a server and a transport is this
 * interface, `RequestContext` and `EndpointExchange`.
 *
 * Cancellation: the transport aborts `context.signal` and stops reading the exchange, so nothing
 * more of it reaches the peer; the endpoint stops the work. Transports may create the signal
 * lazily, so an endpoint should read it only when it needs it.
 */
export interface McpEndpoint {
  handle(message: unknown, context: RequestContext): EndpointExchange;
  /**
   * The 2025-era sessions of Streamable HTTP (`GET` stream, `DELETE`), for an endpoint that
   * serves them. Absent: an HTTP transport serves `POST` only (`GET` and `DELETE` are 405) and
   * advertises nothing else, CORS included. A wrapper of an endpoint keeps sessions only by
   * passing this member on.
   *
   * @example
   * ```ts
   * const logged: McpEndpoint = {
   *   handle: (message, context) => { log(message); return server.handle(message, context); },
   *   sessions: server.sessions,
   * };
   * ```
   */
  readonly sessions?: SessionEndpoint;
}

/** What an endpoint offers for 2025-era HTTP sessions besides their `POST`s (see `McpEndpoint.sessions`). */
export interface SessionEndpoint {
  /**
   * The standalone `GET` stream of the session named in `context.headers` (what the server
   * sends outside any request: `list_changed`, `resources/updated`, its own requests).
   */
  openStream(context: RequestContext): Promise<StreamOpening>;
  /** `DELETE` of the session named in `context.headers`. */
  endSession(context: RequestContext): Promise<SessionRefusal | { kind: 'ended' }>;
}

/** A session request the endpoint refuses: the HTTP status, and the error body when there is one. */
export interface SessionRefusal {
  kind: 'refused';
  /** 404 for an unknown or ended session, 405 when there is no session to serve, 409 for a second `GET` stream. */
  status: number;
  error?: JSONRPCErrorResponse;
}

/** The answer to `openStream`: the stream, or why not. */
export type StreamOpening = { kind: 'stream'; exchange: EndpointExchange } | SessionRefusal;

/** Per-exchange options a client passes to its transport. */
export interface ExchangeOptions {
  /** Aborting cancels the request (stdio: `notifications/cancelled`; HTTP: closing the stream). */
  signal?: AbortSignal;
  /** `x-mcp-header` values of a `tools/call`, mirrored as `Mcp-Param-*` headers by HTTP (H-27). */
  paramHeaders?: Record<string, string | number | boolean>;
  /** Sends the `notifications/cancelled` a transport writes (stdio, HTTP+SSE) with the transport's `write`. */
  sendCancel?: CancelSender;
}

/** What a transport knows about a request a 2025-era server sent to the client. */
export interface ServerRequestContext {
  /** Aborts when the server cancels the request or the transport closes. */
  signal: AbortSignal;
  /** The client's request on whose response stream it arrived, when the transport can tell (HTTP). */
  related?: JSONRPCRequest;
}

/** The client's answer to a request of a 2025-era server: that era's results have no `resultType`. */
export type ServerRequestResponse =
  | JSONRPCErrorResponse
  | { jsonrpc: '2.0'; id: RequestId; result: Record<string, unknown> };

/**
 * Answers one request a 2025-era server sent to the client: `ping`, `elicitation/create`,
 * `sampling/createMessage`, `roots/list` (B-13). Resolves to the whole JSON-RPC response, a result
 * or an error, carrying the request's id; it never rejects.
 */
export type ServerRequestHandler = (
  request: JSONRPCRequest,
  context: ServerRequestContext,
) => Promise<ServerRequestResponse>;

/** A 2025-era session as the transport carries it, from the answer to `initialize` on (B-11). */
export interface LegacySession {
  /**
   * The version `initialize` negotiated. HTTP sends it as `MCP-Protocol-Version` on every later
   * request, except for 2025-03-26 and older, which had no such header (B-12).
   */
  protocolVersion: string;
}

/**
 * What a client needs from a transport. A transport that also carries the 2025 era offers it as
 * one object, `legacy`; without it the transport speaks 2026-07-28 only.
 *
 * @example
 * ```ts
 * for await (const message of transport.exchange(request, {})) console.log(message);
 * ```
 */
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
  /**
   * Names the server this transport reaches (HTTP: the URL; stdio: the command line), so a
   * client can cache what it learned about it, such as its era (B-6).
   */
  readonly peer?: string;
  /** How the server is reached and where (HTTP: `tcp` and the URL's host and port; stdio: `pipe`), for middleware. */
  readonly network?: NetworkPeer;
  /** The 2025-era wire (sessions, the server's own requests, its stream), for a client that falls back to it. */
  readonly legacy?: LegacyClientWire;
}

/**
 * What a transport carries for the 2025 era (2025-11-25 and before), so that a client can speak to
 * an older server over it: the session `initialize` opens, the requests the server sends, and what
 * it sends outside any request.
 *
 * @example
 * ```ts
 * transport.legacy?.onServerRequest(async (request) => ({ jsonrpc: '2.0', id: request.id, result: {} }));
 * ```
 */
export interface LegacyClientWire {
  /**
   * Registers the handler for requests the server sends (B-13); the transport sends each response
   * back: stdio on the pipe, HTTP as a POST carrying the session. Without a handler, an HTTP
   * session answers `-32601`, and stdio, which carries both eras, answers nothing (a 2026-era
   * client writes no responses, T-4). Returns a function that removes it.
   */
  onServerRequest(handler: ServerRequestHandler): () => void;
  /**
   * Enters a session after `initialize` was answered (B-11). Over HTTP the session id the server
   * gave in its answer to `initialize` (`Mcp-Session-Id`) is echoed on every later request,
   * `MCP-Protocol-Version` is sent, a response stream that ends early is resumed with
   * `Last-Event-ID` after the server's `retry`, and a 404 on the session fails the exchange with
   * `TransportError('session-expired')`: the client then runs `initialize` again. Over stdio the
   * session is the running process: once it ends, requests fail with `session-expired`.
   */
  beginSession(session: LegacySession): void;
  /** Ends the session: HTTP sends `DELETE` with the session id (B-11) and forgets it. */
  endSession(): Promise<void>;
  /** The id of the session now open (HTTP `Mcp-Session-Id`), for middleware; stdio has none. */
  sessionId?(): string | undefined;
  /**
   * The notifications the server sends outside any exchange: HTTP opens the standalone `GET`
   * stream (resumed with `Last-Event-ID` when it drops), stdio yields what arrives on the pipe for
   * no request. Server requests on it go to the `onServerRequest` handler. Ends when `signal`
   * aborts or the session ends; fails with a `TransportError` whose `status` is 405 when the
   * server offers the session no such stream (HTTP 405 to `GET`).
   */
  serverMessages(signal: AbortSignal): AsyncIterable<JSONRPCNotification>;
  /**
   * HTTP only: switches to the deprecated HTTP+SSE transport of 2024-11-05 (B-7). `GET`s the URL,
   * expects an SSE stream whose first event is `endpoint`, and from then on POSTs every message to
   * that endpoint (same origin as the URL only) and reads every answer from the stream. Resolves
   * once the endpoint is known; rejects with a `TransportError` when there is no such stream or
   * event, or when `signal` aborts first. The stream ending ends the session: exchanges in flight
   * fail with `connection-lost`, later ones with `session-expired` until it is opened again.
   */
  openSse?(signal: AbortSignal): Promise<void>;
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
  | 'too-large'
  /** A 2025-era HTTP server no longer knows the session (404): run `initialize` again, then re-send (B-11). */
  | 'session-expired';

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
    this.retryable = reason === 'restarted' || reason === 'connection-lost' || reason === 'session-expired';
    this.status = options.status;
  }
}

/** Whether `value` is a `TransportError` of any build of this package; `instanceof` answers the same. */
export const isTransportError = brandClass(TransportError, '@mcpkit/protocol/TransportError') as (
  value: unknown,
) => value is TransportError;
