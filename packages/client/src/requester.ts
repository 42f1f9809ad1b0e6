import type {
  CancelSender,
  ClientCapabilities,
  ClientTransport,
  Implementation,
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
  LoggingLevel,
  MessageMiddleware,
} from '@mcpkit/protocol';
import { ConstantMeta, compose, requestMeta } from '@mcpkit/protocol/internal';
import type { CallResult, CallState } from './call.js';
import { Deadlines } from './deadlines.js';
import { NoCommonVersionError } from './errors.js';
import { awaitExchange, type CallDefaults, type TimeoutLimits } from './exchange.js';
import type { LogListener } from './logs.js';
import type { CallOptions } from './options.js';
import { versionAfterRefusal } from './version.js';
import {
  cancelThroughHooks,
  type ExchangeRoute,
  exchangeRoute,
  hookedNotification,
  hookedResponse,
  hookedResult,
  type ReceiveRoute,
  type WireHooks,
  wireHooks,
  withParams,
} from './wire-hooks.js';

/** A request's raw response: its result, or its error. */
type Response = JSONRPCResultResponse | JSONRPCErrorResponse;

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
  #template: { version: string; meta: ConstantMeta } | undefined;
  #nextId = 1;
  #sendLayers: readonly MessageMiddleware[] = [];
  #receiveLayers: readonly MessageMiddleware[] = [];
  /** The receive hooks composed, around the answers to a 2025-era server's requests; undefined without any. */
  receiveHooks: WireHooks | undefined;
  /** The receive hooks, for the server's notifications in each era; undefined without any. */
  receiveModern: ReceiveRoute | undefined;
  receiveLegacy: ReceiveRoute | undefined;
  #hooks: WireHooks | undefined;
  /** What each era's exchanges need of the hooks (notifications, cancels); undefined without any. */
  #routeModern: ExchangeRoute | undefined;
  #routeLegacy: ExchangeRoute | undefined;
  /** The send hooks, for the `notifications/cancelled` of a listen (2026 era); undefined without any. */
  cancelModern: CancelSender | undefined;
  #cancelLegacy: CancelSender | undefined;

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
        ? this.#hooks === undefined
          ? this.#metaTemplate(version).meta
          : this.#metaTemplate(version).copy()
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

  /**
   * Adds a send hook (`client.use({ send })`) inside those added before; the chain is composed
   * here, once, and a client without hooks never builds a context. `failed` hears of a hook that
   * failed on a `notifications/cancelled`, which no caller waits for.
   */
  useSend(hook: MessageMiddleware, failed: (error: unknown, notification: string) => void): void {
    this.#sendLayers = [...this.#sendLayers, hook];
    const hooks = wireHooks(compose(this.#sendLayers, 'client send'), this.transport);
    this.#hooks = hooks;
    const version = (): string => this.version;
    this.cancelModern = cancelThroughHooks(hooks, 'modern', version, failed);
    this.#cancelLegacy = cancelThroughHooks(hooks, 'legacy', version, failed);
    this.#reroute();
  }

  /**
   * Adds a receive hook (`client.use({ receive })`) inside those added before, composed here;
   * `failed` hears of a hook that failed on a notification, which no caller waits for.
   */
  useReceive(hook: MessageMiddleware, failed: (error: unknown, notification: string) => void): void {
    this.#receiveLayers = [...this.#receiveLayers, hook];
    const hooks = wireHooks(compose(this.#receiveLayers, 'client receive'), this.transport);
    this.receiveHooks = hooks;
    this.receiveModern = { hooks, era: 'modern', failed };
    this.receiveLegacy = { hooks, era: 'legacy', failed };
    this.#reroute();
  }

  #reroute(): void {
    this.#routeModern = exchangeRoute(this.receiveModern, this.cancelModern);
    this.#routeLegacy = exchangeRoute(this.receiveLegacy, this.#cancelLegacy);
  }

  /** Sends the 2025-era `request` for `call` and returns its raw response, within the call's timeouts. */
  response(request: JSONRPCRequest, call: CallState): Promise<Response> {
    return this.#send(request, call, 'legacy', this.version, false) as Promise<Response>;
  }

  /** Sends `request` for `call`: resolves with its raw response, or with `decode` its decoded result. */
  #send(
    request: JSONRPCRequest,
    call: CallState,
    era: 'modern' | 'legacy',
    version: string,
    decode: boolean,
  ): Promise<unknown> {
    call.requestId = request.id;
    const route = era === 'modern' ? this.#routeModern : this.#routeLegacy;
    const hooks = this.#hooks;
    if (hooks === undefined) return this.#await(request, call, route, decode);
    return decode
      ? this.#hookedResult(hooks, request, call, era, version, route)
      : this.#hookedResponse(hooks, request, call, era, version, route);
  }

  /** The exchange of `request` within `call`'s timeouts (see `awaitExchange`). */
  #await(
    request: JSONRPCRequest,
    call: CallState,
    route: ExchangeRoute | undefined,
    decode: boolean,
  ): Promise<unknown> {
    return awaitExchange(this.transport, request, call, this.#defaults, this.#deadlines, route, decode);
  }

  /** `#send` through the send hooks: apart, so a request without hooks allocates no closure context. */
  #hookedResponse(
    hooks: WireHooks,
    request: JSONRPCRequest,
    call: CallState,
    era: 'modern' | 'legacy',
    version: string,
    route: ExchangeRoute | undefined,
  ): Promise<Response> {
    return hookedResponse(
      hooks,
      request,
      call,
      era,
      version,
      (sent) => this.#await(sent, call, route, false) as Promise<Response>,
    );
  }

  /** `#send` decoding, through the send hooks. */
  #hookedResult(
    hooks: WireHooks,
    request: JSONRPCRequest,
    call: CallState,
    era: 'modern' | 'legacy',
    version: string,
    route: ExchangeRoute | undefined,
  ): Promise<CallResult> {
    return hookedResult(
      hooks,
      request,
      call,
      era,
      version,
      (handed) => this.#await(withParams(request, handed), call, route, true) as Promise<CallResult>,
    );
  }

  /**
   * Runs `run`, which sends a request this class built but does not send itself (a listen, whose
   * notifications its caller reads), through the send hooks; `run` alone without hooks. `call` is
   * undefined for a request of no call (the listen that follows tasks).
   */
  sendThroughHooks(
    request: JSONRPCRequest,
    call: CallState | undefined,
    version: string,
    run: (request: JSONRPCRequest) => Promise<CallResult>,
  ): Promise<CallResult> {
    if (call !== undefined) call.requestId = request.id;
    const hooks = this.#hooks;
    if (hooks === undefined) return run(request);
    return hookedResult(hooks, request, call, 'modern', version, (handed) =>
      run(withParams(request, handed)),
    );
  }

  /**
   * Sends a notification of the client's own (`notifications/initialized`) in `version`, through
   * the send hooks.
   */
  notify(notification: JSONRPCNotification, era: 'modern' | 'legacy', version: string): Promise<void> {
    const send = (sent: JSONRPCNotification) => this.transport.notify?.(sent) ?? Promise.resolve();
    const hooks = this.#hooks;
    if (hooks === undefined) return send(notification);
    return hookedNotification(hooks, notification, era, version, send);
  }

  /**
   * Sends `request` for `call` and decodes its result as `send` does; for a request this class
   * does not build (the 2025 era's, see `legacy/`).
   */
  result(request: JSONRPCRequest, call: CallState): Promise<CallResult> {
    return this.#send(request, call, 'legacy', this.version, true) as Promise<CallResult>;
  }

  /** Sends one request of `call` with `version` and returns its raw response. */
  exchange(call: CallState, version: string): Promise<Response> {
    const { options } = call;
    const request = this.build(call.method, call.params, version, options, options.onProgress !== undefined);
    return this.#send(request, call, 'modern', version, false) as Promise<Response>;
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
    return this.#send(request, call, 'modern', version, true) as Promise<CallResult>;
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
   * The `_meta` of a request without call-specific fields, and its JSON, made once per version:
   * transports write a request that carries it with that JSON (`requestText`). Requests carry the
   * frozen `meta` itself, or a shallow copy of it while send hooks, which may change a request's
   * `_meta` in place, are installed.
   * Its values are deep-frozen copies of the client's capabilities and info, so the text holds.
   */
  #metaTemplate(version: string): ConstantMeta {
    if (this.#template?.version !== version) {
      const meta = new ConstantMeta(
        requestMeta({
          protocolVersion: version,
          clientCapabilities: this.#config.capabilities,
          clientInfo: this.#config.clientInfo,
          logLevel: this.logLevel,
        }),
      );
      this.#template = { version, meta };
    }
    return this.#template.meta;
  }
}
