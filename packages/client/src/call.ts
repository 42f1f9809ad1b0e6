import type {
  InputRequiredResult,
  LegacyMethod,
  MessageMiddleware,
  Method,
  RequestId,
  ResultOf,
  SessionEnd,
} from '@mcpkit/protocol';
import type { CacheableCallOptions, InputCallOptions } from './options.js';
import type { ToolEntry } from './tools.js';

/**
 * The requests that pass through the middleware, each one a `ClientCall`: those of the
 * application's calls, the `server/discover` probe, and each opening of a listen
 * (`subscriptions/listen`, whose result is the stream's final response).
 */
export type ClientMethod =
  | 'server/discover'
  | 'subscriptions/listen'
  | 'tools/call'
  | 'tools/list'
  | 'prompts/get'
  | 'prompts/list'
  | 'resources/read'
  | 'resources/list'
  | 'resources/templates/list'
  | 'completion/complete';

/** What a call resolves to: the method's result, or `input_required` for the three that may ask (S-53). */
export type CallResult = ResultOf<ClientMethod> | InputRequiredResult;

/** Every option a call may carry; which ones apply depends on the method. */
export type ClientCallOptions = InputCallOptions & CacheableCallOptions;

/**
 * One call of the application, as client middleware sees it: a single object from the moment the
 * call starts until it settles, whatever the client does for it on the way (connecting, the
 * cache, input rounds, retries). Middleware may change `params`, `options`, `signal` and
 * `deadline` before handing the call on.
 */
export interface ClientCall {
  /**
   * Names the call among the client's calls: every request it puts on the wire (each input round,
   * each task poll) carries its own JSON-RPC id, and the send hooks see this one as
   * `MessageContext.call.id` on each, so a hook can tie them back to the call.
   */
  readonly id: number;
  readonly method: ClientMethod;
  /**
   * The params the next request carries, without `_meta` (the client adds it from `options.meta`
   * and its own fields). Replace the object rather than changing it: it may be the application's.
   */
  params: Record<string, unknown>;
  /** The call's options as the application passed them (the client's defaults fill the gaps). */
  options: ClientCallOptions;
  /** Cancels the call (C-51); `options.signal` when the call started. */
  signal: AbortSignal | undefined;
  /**
   * The call's hard deadline, ms since the epoch on the `Date.now()` clock (C-54, P-81): the
   * call's start plus its `maxTotalTimeoutMs`, moved later by the time input handlers took.
   */
  deadline: number;
  /** How many `input_required` results the call has answered; 0 while its first request is out. */
  round: number;
  /** `Mcp-Param-*` values the request mirrors into headers (H-27), once the tool's annotations are known. */
  paramHeaders: Record<string, string | number | boolean> | undefined;
  /** The protocol version of the latest request sent for the call; `undefined` before one was sent. */
  version: string | undefined;
  /**
   * The JSON-RPC id of the latest request sent for the call (`jsonrpc.request.id`); `undefined`
   * before one was sent, and for a call answered without one (from the cache, by middleware).
   * Read it once `next` has settled: each input round and task poll is a new request, with a new id.
   */
  requestId: RequestId | undefined;
}

/** Runs the rest of the chain for `call` (a changed copy of it), or for the call as it is when given none. */
export type ClientNext = (call?: ClientCall) => Promise<CallResult>;

/**
 * A hook around every call the client makes for the application, symmetric to the server's
 * `server.use`: logging, tracing, metrics, extra `_meta`, answering from elsewhere. It runs before
 * anything else the client does for the call, sees the final result or error, and may change the
 * call before `next`, replace the result, or answer without calling `next` at all. Calling `next`
 * twice throws: a call is one request of the application (retry by calling the client again).
 * The `server/discover` probe passes through it too, and so does each opening of a `listen`
 * stream (its notifications go to the subscription; `next` resolves when the stream ends).
 *
 * @example
 * ```ts
 * client.use(async (call, next) => {
 *   const started = performance.now();
 *   try {
 *     return await next(call);
 *   } finally {
 *     console.error(call.method, performance.now() - started);
 *   }
 * });
 * ```
 */
export type ClientMiddleware = (call: ClientCall, next: ClientNext) => Promise<CallResult>;

/**
 * What one `client.use(hooks)` adds, e.g. `otel()`: `call` is a `ClientMiddleware` around each
 * application call; `send` sees each request the client sends on the wire, with its JSON-RPC id,
 * `params` (rewrite `_meta` with `next({ ...ctx, params })`), era, protocol version, the server's
 * `network` and `call: { id, round }`: every input round and task poll of one call is its own
 * request with the same `call.id`. `next()` resolves with the result, or rejects with the
 * `McpError` of an error response, a timeout or a transport error; each opening of a listen and
 * the client's own notifications (`notifications/initialized`) pass it too. `receive` sees each
 * request a 2025-era server sends (`elicitation/create`, `sampling/createMessage`, `roots/list`,
 * `ping`) and each 2026 input request of an `input_required` result or a task (no `id`);
 * `next()` resolves with the client's answer, or rejects with its error.
 *
 * @example
 * ```ts
 * client.use({ send: (ctx, next) => next({ ...ctx, params: { ...ctx.params, _meta: { ...meta, traceparent } } }) });
 * ```
 */
export interface ClientHooks {
  call?: ClientMiddleware;
  send?: MessageMiddleware;
  receive?: MessageMiddleware;
  /**
   * Called once when the client's session ends: `close()` (reason `closed`), or the transport
   * restarted on a new server (`lost`, with the `error`). The session opens when the client first
   * connects (the probe answered, or `initialize` in the 2025 era); in the 2026 era, which keeps no
   * session, it is the time the client was connected. One that throws is reported to `onWarning`.
   */
  sessionEnded?: (session: SessionEnd) => void;
}

let nextCallId = 1;

/**
 * A call in progress, with what the client's own steps keep on it. It is one object per call, so
 * a step carries state from one request of the call to the next on it rather than in closures.
 */
export class CallState implements Omit<ClientCall, 'method'> {
  readonly id = nextCallId++;
  readonly method: Method | LegacyMethod;
  params: Record<string, unknown>;
  options: ClientCallOptions;
  signal: AbortSignal | undefined;
  deadline: number;
  round = 0;
  paramHeaders: Record<string, string | number | boolean> | undefined = undefined;
  version: string | undefined = undefined;
  requestId: RequestId | undefined = undefined;
  /** `tools/call`: what `tools/list` said about the tool (see `ToolCatalog`). */
  tool: ToolEntry | undefined = undefined;
  /** `tools/call`: whether `tools/list` was refreshed after `-32020` already (H-28: once a call). */
  toolsRefreshed = false;
  /** The params each input round starts from: the call's, without a manual continuation's answers (C-27). */
  roundParams: Record<string, unknown> | undefined = undefined;
  /**
   * The last progress value given to `onProgress`. The requests of one call (input rounds, re-sends)
   * each have their own token, whose progress may start over; the caller sees one call, so only a
   * value above this one is delivered (P-80 per request, kept across the call).
   */
  progressDelivered = Number.NEGATIVE_INFINITY;

  constructor(
    method: Method | LegacyMethod,
    params: Record<string, unknown>,
    options: ClientCallOptions,
    deadline: number,
  ) {
    this.method = method;
    this.params = params;
    this.options = options;
    this.signal = options.signal;
    this.deadline = deadline;
  }
}
