import type {
  ClientCapabilities,
  ClientTransport,
  Implementation,
  JSONRPCErrorResponse,
  JSONRPCRequest,
  JSONRPCResultResponse,
  LoggingLevel,
} from '@mcpkit/protocol';
import { requestMeta } from '@mcpkit/protocol/internal';
import type { CallResult, CallState } from './call.js';
import { Deadlines } from './deadlines.js';
import { NoCommonVersionError } from './errors.js';
import { awaitResponse, awaitResult, type CallDefaults, type TimeoutLimits } from './exchange.js';
import type { LogListener } from './logs.js';
import type { CallOptions } from './options.js';
import { versionAfterRefusal } from './version.js';

/** What every request the client sends has in common. */
export interface RequesterConfig {
  capabilities: Readonly<ClientCapabilities>;
  clientInfo: Implementation | undefined;
  /** Versions the client speaks, most preferred first. */
  versions: readonly string[];
  limits: TimeoutLimits;
  /** The log level asked for on every request (C-7), unless a call names its own. */
  logLevel?: LoggingLevel;
  /** Receives the log messages of calls that name no `onLog`, and those of no call. */
  onLog?: LogListener;
  /** Whether a `tools/call` may be answered with a task (the tasks extension is on, X-9). */
  taskResults?: boolean;
}

/**
 * Owns JSON-RPC ids, the per-request `_meta` and the protocol version requests carry, and sends
 * one request at a time: `send` is the last step of every call's chain (see `CallChain`).
 */
export class Requester {
  /** The protocol version requests carry. */
  version: string;
  readonly transport: ClientTransport;
  /** Versions the client speaks, most preferred first. */
  readonly versions: readonly string[];
  /** The client's log level, in the `_meta` of every request (and what a 2025-era session is asked for). */
  readonly logLevel: LoggingLevel | undefined;
  readonly #config: RequesterConfig;
  readonly #defaults: CallDefaults;
  readonly #deadlines = new Deadlines();
  #template: { version: string; meta: Record<string, unknown> } | undefined;
  #nextId = 1;

  constructor(transport: ClientTransport, config: RequesterConfig) {
    this.transport = transport;
    this.#config = config;
    this.versions = config.versions;
    this.logLevel = config.logLevel;
    this.#defaults = {
      ...config.limits,
      logLevel: config.logLevel,
      onLog: config.onLog,
      taskResults: config.taskResults === true,
    };
    this.version = config.versions[0]!;
  }

  /**
   * A request with a fresh id (C-5) and the per-request fields in `_meta` (C-1..C-3, C-6..C-8).
   * With `progress`, the progress token is the request id, unique among active requests (P-79).
   */
  build(
    method: string,
    params: Record<string, unknown>,
    version: string,
    options: CallOptions,
    progress = false,
  ): JSONRPCRequest {
    const id = this.#nextId++;
    const _meta =
      options.meta === undefined && options.logLevel === undefined && !progress
        ? { ...this.#metaTemplate(version) }
        : requestMeta(
            {
              protocolVersion: version,
              clientCapabilities: this.#config.capabilities,
              clientInfo: this.#config.clientInfo,
              logLevel: options.logLevel ?? this.logLevel,
              progressToken: progress ? id : undefined,
            },
            options.meta,
          );
    // Not `{ ...params, _meta }`: on V8 a spread followed by a property is a slow path (~0.4 µs).
    const withMeta: Record<string, unknown> = Object.assign({}, params);
    withMeta._meta = _meta;
    return { jsonrpc: '2.0', id, method, params: withMeta };
  }

  /** A fresh JSON-RPC id (C-5), for a request this class does not build (the 2025 era's). */
  nextId(): number {
    return this.#nextId++;
  }

  /** Sends `request` for `call` and returns its raw response, within the call's timeouts. */
  response(request: JSONRPCRequest, call: CallState): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> {
    return awaitResponse(this.transport, request, call, this.#defaults, this.#deadlines);
  }

  /**
   * Sends `request` for `call` and decodes its result as `send` does; for a request this class
   * does not build (the 2025 era's, see `legacy/`).
   */
  result(request: JSONRPCRequest, call: CallState): Promise<CallResult> {
    return awaitResult(this.transport, request, call, this.#defaults, this.#deadlines);
  }

  /** Sends one request of `call` with `version` and returns its raw response. */
  exchange(call: CallState, version: string): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> {
    const { options } = call;
    const request = this.build(call.method, call.params, version, options, options.onProgress !== undefined);
    return awaitResponse(this.transport, request, call, this.#defaults, this.#deadlines);
  }

  /**
   * The exchange, last step of every call: sends one request with the current version (recorded
   * on the call, for the cache key (C-30) and the `-32022` retry) and decodes its result by the
   * receiver's rules (C-14..C-16). A peer error is thrown as an `McpError` (C-17, C-18).
   */
  readonly send = (call: CallState): Promise<CallResult> => {
    const version = this.version;
    call.version = version;
    const { options } = call;
    const request = this.build(call.method, call.params, version, options, options.onProgress !== undefined);
    return awaitResult(this.transport, request, call, this.#defaults, this.#deadlines);
  };

  /**
   * After `-32022` refused `refused` (C-10): switches every later request to the client's most
   * preferred version among the server's `data.supported`. Returns the error to report instead
   * when there is none, or when `retryAllowed` is false (a request is retried only once).
   */
  adoptVersionAfterRefusal(
    data: unknown,
    refused: string,
    retryAllowed = true,
  ): NoCommonVersionError | undefined {
    const next = versionAfterRefusal(this.versions, data);
    if (next.version === undefined || !retryAllowed)
      return new NoCommonVersionError(this.versions, next.theirs, refused);
    this.version = next.version;
    return undefined;
  }

  /**
   * The `_meta` of a request without call-specific fields, built once per version: every such
   * request gets a shallow copy, so nothing is shared between requests.
   */
  #metaTemplate(version: string): Record<string, unknown> {
    if (this.#template?.version !== version) {
      const meta = requestMeta({
        protocolVersion: version,
        clientCapabilities: this.#config.capabilities,
        clientInfo: this.#config.clientInfo,
        logLevel: this.logLevel,
      });
      this.#template = { version, meta };
    }
    return this.#template.meta;
  }
}
