import type {
  ClientCapabilities,
  Implementation,
  InputResponses,
  LoggingLevel,
  LoggingMessageNotificationParams,
} from '@mcpkit/protocol';
import type { CacheStore } from './cache-store.js';
import type { EraOption, EraVerdict } from './era-types.js';
import type { InputHandlers } from './handlers.js';
import type { TaskSupport } from './task-options.js';

/** How a call uses the response cache (C-30..C-37). */
export type CacheMode =
  /** Serve a fresh cached result; otherwise fetch and store (default). */
  | 'use'
  /** Always fetch, then store. */
  | 'refresh'
  /** Always fetch; neither read nor write the cache. */
  | 'bypass';

/** A progress update for a call: the params of its `notifications/progress`. */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** Options every call takes. */
export interface CallOptions {
  /**
   * Cancels the call through the transport (C-51). Before the first call has a server to talk to,
   * it also stops this call waiting for the shared `server/discover` probe (the probe goes on).
   * An aborted signal always makes the call reject with `RequestAbortedError`, even when the
   * response cache holds a fresh result for it; one aborted before the call sends nothing.
   */
  signal?: AbortSignal;
  /**
   * Fail when nothing arrives for this long; progress restarts the clock. Default: the client's.
   * It applies to each request sent, each round of a multi round-trip call included. A call that
   * waits for the `server/discover` probe waits at most this long (or what is left of
   * `maxTotalTimeoutMs`, if less) for it.
   */
  timeoutMs?: number;
  /**
   * Fail after this long, whatever progress says (C-54). The clock starts with the call and runs
   * through everything it does for its request: the wait for the `server/discover` probe, the
   * `tools/list` walk before calling an unseen tool, re-issues after a lost stream or a restart
   * (and the re-probe they wait for), the `-32022` retry and the `-32020` refresh and retry, and
   * every round of a multi round-trip call. The clock stops while your input handlers run (they
   * may wait for a person), so it bounds the time spent on the server and the wire, not on the
   * user. Default: the client's.
   *
   * Both timeouts are positive numbers of milliseconds (`Infinity`: none); anything else, such as
   * `NaN`, `0` or a negative number, makes the call reject with a `RangeError` before sending.
   */
  maxTotalTimeoutMs?: number;
  /** Whether progress restarts the `timeoutMs` clock. Default: the client's (`true`). */
  resetTimeoutOnProgress?: boolean;
  /**
   * Receive progress; asks the server for it with a `progressToken` (C-6). Values only rise over
   * the whole call: each input round is a new request whose progress may start over, and a value
   * not above the last one delivered is dropped.
   */
  onProgress?: (progress: Progress) => void;
  /**
   * Ask for log messages of this request at or above this level (deprecated Logging, C-7).
   * Default: the client's. A 2026-07-28 server gets it in the request's `_meta`; a 2025-era
   * session, which has one level for all requests, is first lowered to it with `logging/setLevel`
   * if it is finer than the session's (the session keeps it), and messages below it are not
   * handed to this call. Either way the call sees what it asked for.
   */
  logLevel?: LoggingLevel;
  /** Receive this request's log messages. Default: the client's `onLog`. */
  onLog?: (message: LoggingMessageNotificationParams) => void;
  /** Extra `_meta` entries, such as W3C trace context (C-8). The per-request fields always win. */
  meta?: Record<string, unknown>;
}

/** Options of the cacheable calls: lists, `resources/read`, `server/discover`. */
export interface CacheableCallOptions extends CallOptions {
  cache?: CacheMode;
}

/** Options of the calls that may need input: `tools/call`, `prompts/get`, `resources/read`. */
export interface InputCallOptions extends CallOptions {
  /**
   * `auto` (default): answer `input_required` with the registered handlers and retry. `manual`:
   * return the `input_required` result; continue by calling again with `inputResponses` and
   * `requestState`.
   */
  inputRequired?: 'auto' | 'manual';
  /**
   * Most retries after `input_required` (C-29). Default: the client's (10). A whole number, 0 or
   * more; anything else, such as `NaN`, makes the call reject with a `RangeError` before sending.
   */
  maxInputRounds?: number;
  /** Manual continuation: the answers to the previous result's `inputRequests`. */
  inputResponses?: InputResponses;
  /** Manual continuation: the previous result's `requestState`, unchanged (C-25). */
  requestState?: string;
}

/** Options of a call that must return the final result (`inputRequired: 'auto'`). */
export type AutoInputOptions = InputCallOptions & { inputRequired?: 'auto' };
/** Options of a call that hands `input_required` to the caller. */
export type ManualInputOptions = InputCallOptions & { inputRequired: 'manual' };

/** Something the client noticed and carried on. */
export type ClientWarning =
  /** A tool was dropped from what `tools/list` exposes (H-24). */
  | { kind: 'tool-rejected'; tool: string; reason: string }
  /** The server did not acknowledge part of a listen filter (C-40). */
  | { kind: 'subscription-degraded'; missing: Record<string, unknown> }
  /** The cache store failed; the call went on without it. */
  | { kind: 'cache-failed'; error: unknown }
  /**
   * A `sessionEnded` hook (`client.use({ sessionEnded })`) threw, the other hooks still heard; or a
   * hook failed on a notification, `notification` naming its method: the server's (a `receive`
   * hook) was not delivered, the client's `notifications/cancelled` (a `send` hook) not sent.
   */
  | { kind: 'hook-failed'; error: unknown; notification?: string };

/** Response cache settings. */
export interface CacheOptions {
  /** Where results live. Default: an in-memory store. */
  store?: CacheStore;
  /**
   * The authorization context private results belong to (C-35): for example a hash of the token
   * the transport sends. Private results are only served within the same partition; public ones
   * are shared. A string is fixed for the client's lifetime; when the token can change, pass a
   * function, which is asked on every cached call. Default: `""` (one context).
   */
  partition?: string | (() => string | Promise<string>);
}

/** Options of `McpClient`. */
export interface McpClientOptions {
  /** Sent as `_meta.clientInfo` on every request (C-2); `false` sends none. */
  clientInfo?: Implementation | false;
  /** Answers to the server's input requests; they decide the declared capabilities (C-3). */
  handlers?: InputHandlers;
  /** Further capabilities to declare: extensions and experimental ones. */
  capabilities?: Pick<ClientCapabilities, 'experimental' | 'extensions'>;
  /**
   * Turns on the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) with what
   * `followTasks()` returns: every request declares it, and a `tools/call` the server answers with a
   * task is followed to its end (notifications or polls, questions answered with `handlers`,
   * `tasks/cancel` on abort) before `callTool` resolves; see `TaskCallOptions.onTask` and
   * `McpClient.resumeTask`. Off by default, and then the code that follows tasks is not in
   * your bundle.
   *
   * @example
   * ```ts
   * const client = new McpClient(transport, { tasks: followTasks({ pollIntervalMs: 500 }) });
   * ```
   */
  tasks?: TaskSupport;
  /** Versions this client speaks, most preferred first. Default: every modern version. */
  protocolVersions?: readonly string[];
  /** The server's version, when known: skips the `server/discover` probe (C-9). */
  protocolVersion?: string;
  /**
   * How long the `server/discover` probe waits before deciding the server is older (T-21), and
   * how long a 2025-era server has to answer `initialize`. Default 10 s.
   */
  probeTimeoutMs?: number;
  /**
   * Which protocol era to speak (C-56..C-58). `auto` (the default) probes and falls back to the
   * 2025 era (`initialize`, sessions) when the server is older; `modern` never falls back and
   * fails with `LegacyServerError` instead (T-23); `legacy` runs `initialize` at once. Over a
   * transport that speaks 2026-07-28 only (without `legacy`, e.g. the one of
   * `@mcpkit/transport-http/modern`) `auto` is `modern`, and `legacy` fails. See
   * docs/design/client-era.md.
   */
  era?: EraOption;
  /**
   * Era verdicts per server (`ClientTransport.peer`), so that clients sharing the map skip the
   * probe for a server already known to be older (B-6). Default: one map per client, which still
   * spares reconnects and restarts the probe.
   */
  eraVerdicts?: Map<string, EraVerdict>;
  /** 2025-era versions offered to an older server, newest first. Default: every one this SDK knows. */
  legacyProtocolVersions?: readonly string[];
  /**
   * Ask for log messages at or above this level (deprecated Logging). A 2026-07-28 server gets it
   * in the `_meta` of every request that names no `logLevel` of its own (C-7); a 2025-era server
   * that declares `logging` gets one `logging/setLevel` right after `initialize`, for the session.
   * Default: none asked for (a 2025-era server then logs at its own default, a 2026 one not at all).
   */
  logLevel?: LoggingLevel;
  /**
   * Receives every log message the server sends at or above the level asked for, in both eras:
   * those of a call that has no `onLog` of its own, and those of no call, which only a 2025-era
   * server sends (its standalone HTTP `GET` stream, the HTTP+SSE stream, or the stdio pipe, where
   * a 2025-era server's messages name no request and so all come here). A 2026-07-28 server logs
   * only on the stream of the request that asked (S-70); over stdio a message the transport cannot
   * attribute to one request goes to the stdio transport's `onUnrouted`.
   *
   * @example
   * ```ts
   * const client = new McpClient(transport, {
   *   logLevel: 'warning',
   *   onLog: ({ level, logger, data }) => console.error(`[${level}] ${logger ?? 'server'}:`, data),
   * });
   * ```
   */
  onLog?: (message: LoggingMessageNotificationParams) => void;
  /**
   * Default idle timeout of a call. Default 60 s. This and the other timeouts are positive numbers
   * of milliseconds (`Infinity`: none); anything else makes the constructor throw a `RangeError`.
   */
  timeoutMs?: number;
  /** Default hard maximum of a call. Default 10 min. */
  maxTotalTimeoutMs?: number;
  /** Default for `CallOptions.resetTimeoutOnProgress`. Default `true`. */
  resetTimeoutOnProgress?: boolean;
  /**
   * Default most retries of one call after `input_required` (C-29). Default 10. A whole number, 0
   * or more; anything else makes the constructor throw a `RangeError`.
   */
  maxInputRounds?: number;
  /** The response cache; `false` turns it off. */
  cache?: CacheOptions | false;
  /**
   * Before calling a tool the client has not seen in `tools/list`, list the tools (through the
   * cache) to learn its `x-mcp-header` annotations and `outputSchema`. Default `true`.
   */
  autoListTools?: boolean;
  /** Check `structuredContent` against the tool's `outputSchema` (C-20). Default `true`. */
  validateStructuredContent?: boolean;
  /** Most tools one `tools/list` page may list; a longer page is an `InvalidResponseError`. Default 10,000. */
  maxToolsPerPage?: number;
  /**
   * Most distinct tools the client records from `tools/list` (until the list changes); a page that
   * goes past it is an `InvalidResponseError`. Default 100,000.
   */
  maxTools?: number;
  /** Re-open listens whose stream broke or whose transport restarted (C-42, C-43), at most this often in a row. Default 5. */
  maxReopenAttempts?: number;
  /** Delay before the n-th re-open in a row, in ms. Default 250 ms × 2^(n-1), at most 10 s. */
  reopenDelayMs?: (attempt: number) => number;
  /** Receives warnings. Default `console.warn`. */
  onWarning?: (warning: ClientWarning) => void;
  /** The clock of the cache, in ms since the epoch. Default `Date.now`. */
  now?: () => number;
}
