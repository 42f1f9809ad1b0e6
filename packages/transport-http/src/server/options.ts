import type { McpEndpoint } from '@mcpkit/protocol';
import { type RequestContextClass, requestContextClass } from '@mcpkit/protocol/internal';
import type { Authenticate } from './auth.js';
import { compileOriginGuard, type OriginGuard } from './origin-guard.js';
import { compileMetadata, type MetadataSource, type ProtectedResourceMetadata } from './resource-metadata.js';
import { type EventStore, InMemoryEventStore } from './sessions/event-store.js';
import type { ResumableConfig } from './sessions/resumable-stream.js';

/** 4 MiB: the default limit on a request body. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** 15 s: the default interval between keep-alive comments on a quiet SSE stream (H-15). */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;
/** The longest delay `setTimeout` honours (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Throws a `RangeError` unless `value` is a delay a timer can wait: timers clamp a longer one to
 * 1 ms, which would send a keep-alive on every tick or drop connections at once on close.
 */
export function checkTimerMs(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > MAX_TIMER_MS) {
    throw new RangeError(`${name} must be a number from 0 to ${MAX_TIMER_MS}`);
  }
}

/** Options of the Streamable HTTP server, shared by the fetch handler and the Node adapter. */
export interface HttpServerOptions {
  /**
   * `Host` values accepted (DNS-rebinding protection, H-2). An entry without a port matches any
   * port; list entries have no wildcards (`['*']` is a `RangeError`); the string `'*'` turns
   * the check off (and with it the DNS-rebinding defence). Default:
   * `localhost`, `127.0.0.1` and `[::1]` on any port. A public deployment lists its own host
   * names here.
   */
  allowedHosts?: readonly string[] | '*';
  /**
   * `Origin` values accepted when a request carries one (H-2): exact origins such as
   * `https://app.example.com` (no wildcards: `['*']` is a `RangeError`), or the string `'*'` to
   * accept every origin. Default: `http` and `https`
   * origins whose host passes `allowedHosts`; with `allowedHosts: '*'`, only the request's own
   * origin (the `Origin` host and port equal `Host`). A request without `Origin` (not from a
   * browser) is never refused for it.
   */
  allowedOrigins?: readonly string[] | '*';
  /** Largest accepted request body, in bytes; larger ones get 413 (default 4 MiB). */
  maxBodyBytes?: number;
  /**
   * Interval of keep-alive comments on a quiet SSE stream, in ms, at most 2^31 - 1; 0 turns them
   * off (default 15 s).
   */
  keepAliveMs?: number;
  /**
   * Authenticates each MCP request before its body is read: return the caller's `AuthInfo`
   * (handed to the endpoint as `context.auth`), `undefined` to let it through anonymously, or a
   * `Response` (401, 403) to send instead. Anything else (or a throw) is 500, never served.
   * See `bearerAuth`.
   */
  authenticate?: Authenticate;
  /**
   * OAuth 2.0 Protected Resource Metadata (RFC 9728), served to GET and HEAD requests at
   * `/.well-known/oauth-protected-resource` and any path below it: a fixed document,
   * or a function of the request returning the document or a `Response` (sync or async). A
   * function that throws or returns anything else gets 500.
   */
  protectedResourceMetadata?: ProtectedResourceMetadata;
  /** Serve MCP only at this path (`/mcp`); other paths get 404. Default: every path. */
  path?: string;
  /**
   * 2025-era sessions only: where the events of resumable SSE streams are kept for
   * `Last-Event-ID` (B-11). Default: an `InMemoryEventStore` (1,000 streams of 1,000 events).
   */
  eventStore?: EventStore;
  /** 2025-era sessions only: the `retry` a stream's priming event tells clients, in ms. Default 1,000. */
  retryMs?: number;
  /**
   * 2025-era sessions only: how long a request keeps running after its client's connection
   * dropped, waiting for a reconnect with `Last-Event-ID`, before it is ended. Default 60 s.
   */
  resumeWindowMs?: number;
  /**
   * 2025-era sessions only: end a request's SSE response after this many ms while the request
   * still runs; the client reconnects with `Last-Event-ID` after `retryMs` and gets the rest
   * (SSE polling), so no connection is held for a long request. Default 0: never.
   */
  pollAfterMs?: number;
}

/** `HttpServerOptions` with defaults applied and lists compiled, computed once per handler. */
export interface HandlerConfig {
  readonly guard: OriginGuard;
  readonly maxBodyBytes: number;
  readonly keepAliveMs: number;
  readonly authenticate: Authenticate | undefined;
  /** Answers metadata requests; `undefined` when there is no metadata to serve. */
  readonly metadata: MetadataSource | undefined;
  readonly path: string | undefined;
  readonly resumable: ResumableConfig;
  /** The class of the endpoint's request contexts, chosen once (`requestContextClass`). */
  readonly Context: RequestContextClass;
}

export function resolveConfig(options: HttpServerOptions, endpoint: McpEndpoint): HandlerConfig {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 0) {
    throw new RangeError('maxBodyBytes must be a non-negative integer');
  }
  checkTimerMs('keepAliveMs', keepAliveMs);
  const retryMs = options.retryMs ?? 1000;
  const resumeWindowMs = options.resumeWindowMs ?? 60_000;
  checkTimerMs('retryMs', retryMs);
  checkTimerMs('resumeWindowMs', resumeWindowMs);
  const pollAfterMs = options.pollAfterMs ?? 0;
  checkTimerMs('pollAfterMs', pollAfterMs);
  if (options.path !== undefined && !options.path.startsWith('/')) {
    throw new RangeError('path must start with "/"');
  }
  return {
    guard: compileOriginGuard(options.allowedHosts, options.allowedOrigins),
    maxBodyBytes,
    keepAliveMs,
    authenticate: options.authenticate,
    metadata: compileMetadata(options.protectedResourceMetadata),
    path: options.path,
    resumable: {
      store: options.eventStore ?? new InMemoryEventStore(),
      retryMs,
      resumeWindowMs,
      pollAfterMs,
      keepAliveMs,
      running: new Map(),
    },
    Context: requestContextClass(endpoint),
  };
}
