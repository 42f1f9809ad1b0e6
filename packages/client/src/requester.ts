import {
  type ClientCapabilities,
  type ClientTransport,
  decodeResult,
  ErrorCode,
  type Implementation,
  type InputRequiredResult,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
  type Method,
  type ResultOf,
  requestMeta,
  TransportError,
} from '@mcpkit/protocol';
import type { SentVersion } from './cache.js';
import { hardDeadline, waitLimit, waitUnless } from './call-limits.js';
import { Deadlines } from './deadlines.js';
import { InvalidResponseError, NoCommonVersionError, peerError } from './errors.js';
import { runExchange, type TimeoutLimits } from './exchange.js';
import type { CallOptions } from './options.js';
import { versionAfterRefusal } from './version.js';

/** What every request the client sends has in common. */
export interface RequesterConfig {
  capabilities: Readonly<ClientCapabilities>;
  clientInfo: Implementation | undefined;
  /** Versions the client speaks, most preferred first. */
  versions: readonly string[];
  limits: TimeoutLimits;
  /**
   * The transport restarted: starts the re-probe of the new server unless it runs already, and
   * resolves once it has settled.
   */
  restarted: () => Promise<unknown>;
}

/** How often a request lost in transit is re-issued (C-55, T-17). */
const MAX_REISSUES = 2;

/** Whether re-sending `method` cannot repeat a side effect: everything but `tools/call` (and listens). */
function isIdempotent(method: string): boolean {
  return method !== 'tools/call' && method !== 'subscriptions/listen';
}

/**
 * Owns JSON-RPC ids and the per-request `_meta`, and sends requests: one exchange at a time,
 * re-issued as new requests with new ids when the server refuses the version (C-10) or an
 * idempotent request is lost in transit (C-55).
 */
export class Requester {
  /** The protocol version requests carry. */
  version: string;
  readonly transport: ClientTransport;
  /** Versions the client speaks, most preferred first. */
  readonly versions: readonly string[];
  readonly #config: RequesterConfig;
  readonly #deadlines = new Deadlines();
  #template: { version: string; meta: Record<string, unknown> } | undefined;
  #nextId = 1;

  constructor(transport: ClientTransport, config: RequesterConfig) {
    this.transport = transport;
    this.#config = config;
    this.versions = config.versions;
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
              logLevel: options.logLevel,
              progressToken: progress ? id : undefined,
            },
            options.meta,
          );
    // Not `{ ...params, _meta }`: on V8 a spread followed by a property is a slow path (~0.4 µs).
    const withMeta: Record<string, unknown> = Object.assign({}, params);
    withMeta._meta = _meta;
    return { jsonrpc: '2.0', id, method, params: withMeta };
  }

  /** The hard deadline of a call starting now with `options` (C-54, P-81). */
  deadline(options: CallOptions): number {
    return hardDeadline(options, this.#config.limits);
  }

  /** Sends one request with `version` and returns its raw response. */
  exchange(
    method: string,
    params: Record<string, unknown>,
    version: string,
    options: CallOptions,
    paramHeaders?: Record<string, string | number | boolean>,
    deadline = this.deadline(options),
  ): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> {
    const request = this.build(method, params, version, options, options.onProgress !== undefined);
    const { limits } = this.#config;
    return runExchange(this.transport, request, options, limits, this.#deadlines, deadline, paramHeaders);
  }

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
      });
      this.#template = { version, meta };
    }
    return this.#template.meta;
  }

  /**
   * Sends a request and decodes its result by the receiver's rules (C-14..C-16). A peer error is
   * thrown as an `McpError` (C-17, C-18); `-32022` is retried once with a mutually supported
   * version (C-10); an idempotent request lost in transit is re-issued (C-55, T-17). The version
   * of the request that got the result goes to `sent`, for the cache key (C-30). Every attempt,
   * and the wait for the re-probe after a restart, share the call's hard `deadline` (see
   * `deadline()`), which the caller fixed when the call started.
   */
  async send<M extends Method>(
    method: M,
    params: Record<string, unknown>,
    options: CallOptions,
    deadline: number,
    paramHeaders?: Record<string, string | number | boolean>,
    sent?: SentVersion,
  ): Promise<ResultOf<M> | InputRequiredResult> {
    let versionRetried = false;
    let reissues = 0;
    for (;;) {
      const version = this.version;
      let response: JSONRPCResultResponse | JSONRPCErrorResponse;
      try {
        response = await this.exchange(method, params, version, options, paramHeaders, deadline);
      } catch (error) {
        if (
          error instanceof TransportError &&
          error.retryable &&
          isIdempotent(method) &&
          reissues < MAX_REISSUES
        ) {
          reissues++;
          if (error.reason === 'restarted') {
            const limit = waitLimit(method, options, this.#config.limits, deadline);
            await waitUnless(this.#config.restarted(), method, options.signal, limit);
          }
          continue;
        }
        throw error;
      }
      if ('error' in response) {
        if (response.error.code === ErrorCode.UnsupportedProtocolVersion) {
          const noCommonVersion = this.adoptVersionAfterRefusal(
            response.error.data,
            version,
            !versionRetried,
          );
          if (noCommonVersion) throw noCommonVersion;
          versionRetried = true;
          continue;
        }
        throw peerError(response, method, params);
      }
      const decoded = decodeResult(method, response.result);
      if (!decoded.ok) throw new InvalidResponseError(method, decoded.error.message, decoded.rule);
      if (sent) sent.version = version;
      return decoded.value as ResultOf<M> | InputRequiredResult;
    }
  }
}
