import {
  type CallToolResult,
  type ClientCapabilities,
  type ClientTransport,
  type CompleteRequestParams,
  type CompleteResult,
  type GetPromptResult,
  type Implementation,
  type InputRequiredResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type Method,
  MODERN_PROTOCOL_VERSIONS,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type ResultOf,
  type SubscriptionFilter,
  type Tool,
  TransportError,
} from '@mcpkit/protocol';
import { MemoryCacheStore, primaryKey, ResponseCache } from './cache.js';
import { CachedReads } from './cached-reads.js';
import { checkInputRounds, checkTimeout, waitUnless } from './call-limits.js';
import { declaredCapabilities } from './capabilities.js';
import { Connection } from './connection.js';
import { RequestAbortedError } from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import type { InputHandlers, InputRequiredMethod } from './handlers.js';
import { withInputRounds } from './input-rounds.js';
import type {
  AutoInputOptions,
  CacheableCallOptions,
  CallOptions,
  ClientWarning,
  InputCallOptions,
  ManualInputOptions,
  McpClientOptions,
} from './options.js';
import type { ServerDescription } from './probe.js';
import { Requester } from './requester.js';
import { type ListenHost, Subscription } from './subscription.js';
import { callTool, type ToolCallHost } from './tool-calls.js';
import { ToolRegistry } from './tools.js';

/** `clientInfo` sent when the application names none (C-2). */
export const DEFAULT_CLIENT_INFO: Implementation = { name: '@mcpkit/client', version: '0.1.0' };

type Params = Record<string, unknown>;
type Sent<M extends Method> = ResultOf<M> | InputRequiredResult;

/**
 * An MCP 2026-07-28 client over any `ClientTransport`. It probes the server with
 * `server/discover` and picks the version, puts the per-request `_meta` on every request,
 * answers `input_required` with the registered handlers, caches what the server says is
 * cacheable, and never waits forever.
 *
 * @example
 * ```ts
 * const client = new McpClient(transport, {
 *   clientInfo: { name: 'my-agent', version: '1.0.0' },
 *   handlers: { elicitation: { form: async (request) => ({ action: 'accept', content: await ask(request) }) } },
 * });
 * await client.connect();
 * for await (const tool of client.iterateTools()) console.log(tool.name);
 * const result = await client.callTool('add', { a: 1, b: 2 }, { onProgress: console.log });
 * ```
 */
export class McpClient {
  readonly #transport: ClientTransport;
  readonly #requester: Requester;
  readonly #reads: CachedReads;
  readonly #tools: ToolRegistry;
  readonly #handlers: InputHandlers;
  readonly #options: McpClientOptions;
  readonly #capabilities: Readonly<ClientCapabilities>;
  readonly #subscriptions = new Set<Subscription>();
  readonly #lifetime = new AbortController();
  readonly #listenHost: ListenHost;
  readonly #toolCalls: ToolCallHost;
  readonly #stopRestartListener: (() => void) | undefined;
  readonly #connection: Connection;

  constructor(transport: ClientTransport, options: McpClientOptions = {}) {
    this.#transport = transport;
    this.#options = options;
    this.#handlers = options.handlers ?? {};
    this.#capabilities = declaredCapabilities(options.handlers, options.capabilities);
    checkTimeout('timeoutMs', options.timeoutMs);
    checkTimeout('maxTotalTimeoutMs', options.maxTotalTimeoutMs);
    checkTimeout('probeTimeoutMs', options.probeTimeoutMs);
    checkInputRounds(options.maxInputRounds);
    const warn = options.onWarning ?? ((warning: ClientWarning) => console.warn('@mcpkit/client:', warning));
    const limits: TimeoutLimits = {
      timeoutMs: options.timeoutMs ?? 60_000,
      maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? 600_000,
      resetTimeoutOnProgress: options.resetTimeoutOnProgress ?? true,
    };
    this.#requester = new Requester(transport, {
      capabilities: this.#capabilities,
      clientInfo: options.clientInfo === false ? undefined : (options.clientInfo ?? DEFAULT_CLIENT_INFO),
      versions: options.protocolVersions ?? MODERN_PROTOCOL_VERSIONS,
      limits,
      restarted: () => this.#connection.restarted(),
    });
    if (options.protocolVersion !== undefined) this.#requester.version = options.protocolVersion;
    let cache: ResponseCache | undefined;
    if (options.cache !== false) {
      const now = options.now ?? Date.now;
      const store = options.cache?.store ?? new MemoryCacheStore({ now });
      cache = new ResponseCache(store, options.cache?.partition ?? '', now, (error) =>
        warn({ kind: 'cache-failed', error }),
      );
    }
    this.#connection = new Connection({
      requester: this.#requester,
      cache,
      probeTimeoutMs: options.probeTimeoutMs ?? 10_000,
      limits,
      closed: () => this.#lifetime.signal.aborted,
      fixedVersion: options.protocolVersion !== undefined,
    });
    this.#tools = new ToolRegistry((tool, reason) => warn({ kind: 'tool-rejected', tool, reason }));
    this.#reads = new CachedReads({
      requester: this.#requester,
      connection: this.#connection,
      cache,
      tools: this.#tools,
      begin: (method, options) => this.#begin(method, options),
    });
    this.#listenHost = {
      requester: this.#requester,
      ready: async () => (await this.#connection.connected())?.capabilities,
      restarted: () => void this.#connection.restarted(),
      observe: (notification) => this.#reads.observe(notification),
      warn,
      maxReopenAttempts: options.maxReopenAttempts ?? 5,
      timeoutMs: limits.timeoutMs,
      reopenDelayMs: options.reopenDelayMs ?? ((attempt) => Math.min(250 * 2 ** (attempt - 1), 10_000)),
      ended: (subscription) => this.#subscriptions.delete(subscription),
    };
    this.#toolCalls = {
      requester: this.#requester,
      tools: this.#tools,
      autoListTools: options.autoListTools !== false,
      validateStructuredContent: options.validateStructuredContent !== false,
      maxTotalTimeoutMs: limits.maxTotalTimeoutMs,
      listTools: async (signal, cache) => {
        for await (const _ of this.iterateTools({ signal, cache }));
      },
      withInput: (params, options, deadline, send, first) =>
        this.#withInput('tools/call', params, options, deadline, send, first),
    };
    this.#stopRestartListener = transport.onRestart?.(() => this.#restarted());
  }

  /** The capabilities declared on every request, from the registered handlers (C-3). */
  get capabilities(): Readonly<ClientCapabilities> {
    return this.#capabilities;
  }

  /** The protocol version requests carry now. */
  get protocolVersion(): string {
    return this.#requester.version;
  }

  /** What `server/discover` said, once connected; `undefined` when the probe was skipped. */
  get server(): ServerDescription | undefined {
    return this.#connection.server;
  }

  /**
   * Probes the server with `server/discover` and chooses the version (C-9..C-11), unless
   * `protocolVersion` was given. Every call connects on its own when needed; call this to fail
   * early. Throws `LegacyServerError` for a pre-2026 server (T-21), `NoCommonVersionError`.
   *
   * Like every call it takes a `signal` and timeouts (default: the client's), which bound only
   * this caller's wait: `RequestAbortedError` or `RequestTimeoutError` ends it, while the probe,
   * shared with every call waiting for it, goes on.
   */
  async connect(
    options: Pick<CallOptions, 'signal' | 'timeoutMs' | 'maxTotalTimeoutMs'> = {},
  ): Promise<ServerDescription | undefined> {
    const deadline = this.#begin('server/discover', options);
    return this.#connection.connectedFor('server/discover', options, deadline);
  }

  /**
   * Runs `server/discover` again (through the cache unless told otherwise) and adopts its answer.
   * Aborting `signal` stops only this caller waiting (`RequestAbortedError`): the probe goes on
   * for the calls that wait for it too.
   */
  async discover(
    options: { cache?: CacheableCallOptions['cache']; signal?: AbortSignal } = {},
  ): Promise<ServerDescription> {
    const { signal } = options;
    if (signal?.aborted) throw new RequestAbortedError('server/discover', signal.reason);
    this.#connection.forget();
    const probe = this.#connection.ready(options.cache ?? 'use');
    const description = await waitUnless(probe, 'server/discover', signal);
    return description!;
  }

  /** One page of tools; tools with invalid `x-mcp-header` annotations are left out (H-24). */
  async listTools(
    params: { cursor?: string } = {},
    options: CacheableCallOptions = {},
  ): Promise<ListToolsResult> {
    const generation = this.#tools.generation;
    const page = await this.#reads.page('tools/list', params.cursor, options);
    if (params.cursor === undefined && page.nextCursor === undefined) this.#tools.markComplete(generation);
    return page;
  }

  /** Every tool, page after page (P-67: an empty cursor is a cursor). */
  iterateTools(options: CacheableCallOptions = {}): AsyncGenerator<Tool> {
    const generation = this.#tools.generation;
    return this.#reads.items('tools/list', 'tools', options, () => this.#tools.markComplete(generation));
  }

  /**
   * Calls a tool. Mirrors its `x-mcp-header` arguments as `Mcp-Param-*` headers (H-27), refreshing
   * `tools/list` once on `-32020` (H-28); answers `input_required` with the handlers (C-24..C-29);
   * checks `structuredContent` against the `outputSchema` (C-20). A tool failure is a result with
   * `isError: true`, not an exception.
   */
  callTool(name: string, args?: Params, options?: AutoInputOptions): Promise<CallToolResult>;
  callTool(
    name: string,
    args: Params | undefined,
    options: ManualInputOptions,
  ): Promise<CallToolResult | InputRequiredResult>;
  callTool(name: string, args?: Params, options: InputCallOptions = {}): Promise<Sent<'tools/call'>> {
    let deadline: number;
    try {
      deadline = this.#begin('tools/call', options);
      if (this.#connection.gateOpen('tools/call'))
        return callTool(this.#toolCalls, name, args, options, deadline);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#connection
      .gate('tools/call', options, deadline)
      .then(() => callTool(this.#toolCalls, name, args, options, deadline));
  }

  /** One page of prompts. */
  listPrompts(
    params: { cursor?: string } = {},
    options: CacheableCallOptions = {},
  ): Promise<ListPromptsResult> {
    return this.#reads.page('prompts/list', params.cursor, options);
  }

  /** Every prompt, page after page. */
  iteratePrompts(options: CacheableCallOptions = {}): AsyncGenerator<Prompt> {
    return this.#reads.items('prompts/list', 'prompts', options);
  }

  /** Gets a prompt, answering `input_required` with the handlers. */
  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: AutoInputOptions,
  ): Promise<GetPromptResult>;
  getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    options: ManualInputOptions,
  ): Promise<GetPromptResult | InputRequiredResult>;
  async getPrompt(
    name: string,
    args?: Record<string, string>,
    options: InputCallOptions = {},
  ): Promise<Sent<'prompts/get'>> {
    const deadline = this.#begin('prompts/get', options);
    await this.#connection.gate('prompts/get', options, deadline);
    const params = args === undefined ? { name } : { name, arguments: args };
    return (await this.#withInput('prompts/get', params, options, deadline)).result;
  }

  /** One page of resources. */
  listResources(
    params: { cursor?: string } = {},
    options: CacheableCallOptions = {},
  ): Promise<ListResourcesResult> {
    return this.#reads.page('resources/list', params.cursor, options);
  }

  /** Every resource, page after page. */
  iterateResources(options: CacheableCallOptions = {}): AsyncGenerator<Resource> {
    return this.#reads.items('resources/list', 'resources', options);
  }

  /** One page of resource templates. */
  listResourceTemplates(
    params: { cursor?: string } = {},
    options: CacheableCallOptions = {},
  ): Promise<ListResourceTemplatesResult> {
    return this.#reads.page('resources/templates/list', params.cursor, options);
  }

  /** Every resource template, page after page. */
  iterateResourceTemplates(options: CacheableCallOptions = {}): AsyncGenerator<ResourceTemplate> {
    return this.#reads.items('resources/templates/list', 'resourceTemplates', options);
  }

  /**
   * Reads a resource, through the cache, answering `input_required` with the handlers. A result
   * that took input is never cached (C-31). A missing resource is a `ResourceNotFoundError` (C-17).
   */
  readResource(uri: string, options?: AutoInputOptions & CacheableCallOptions): Promise<ReadResourceResult>;
  readResource(
    uri: string,
    options: ManualInputOptions & CacheableCallOptions,
  ): Promise<ReadResourceResult | InputRequiredResult>;
  async readResource(
    uri: string,
    options: InputCallOptions & CacheableCallOptions = {},
  ): Promise<Sent<'resources/read'>> {
    const deadline = this.#begin('resources/read', options);
    const continuation = options.inputResponses !== undefined || options.requestState !== undefined;
    return this.#reads.through(
      'resources/read',
      primaryKey(uri),
      continuation ? { ...options, cache: 'bypass' } : options,
      deadline,
      (sent) =>
        this.#withInput('resources/read', { uri }, options, deadline, (params, roundDeadline) =>
          this.#requester.send('resources/read', params, options, roundDeadline, undefined, sent),
        ),
    );
  }

  /** Asks for argument completions (`completion/complete`). */
  async complete(
    params: Omit<CompleteRequestParams, '_meta'>,
    options: CallOptions = {},
  ): Promise<CompleteResult> {
    const deadline = this.#begin('completion/complete', options);
    await this.#connection.gate('completion/complete', options, deadline);
    return (await this.#requester.send('completion/complete', params, options, deadline)) as CompleteResult;
  }

  /**
   * Opens a `subscriptions/listen` stream. Types the server does not advertise are left out of
   * the request (C-12); see `Subscription` for acknowledgement, re-opening and ending. The server
   * must acknowledge within `timeoutMs` (default: the client's) of this call, or the subscription
   * ends with a `RequestTimeoutError`; `signal` ends it as `close()` does. An invalid `timeoutMs`
   * throws a `RangeError`.
   *
   * @example
   * ```ts
   * const subscription = client.listen({ toolsListChanged: true });
   * for await (const notification of subscription) if (notification.method === 'notifications/tools/list_changed') refresh();
   * ```
   */
  listen(
    filter: SubscriptionFilter,
    options: { signal?: AbortSignal; meta?: Record<string, unknown>; timeoutMs?: number } = {},
  ): Subscription {
    if (this.#lifetime.signal.aborted) throw new TransportError('closed', 'the client is closed');
    const subscription = new Subscription(this.#listenHost, filter, options);
    if (!subscription.ended) this.#subscriptions.add(subscription);
    return subscription;
  }

  /** Ends every subscription, stops input handlers and closes the transport. */
  async close(): Promise<void> {
    if (this.#lifetime.signal.aborted) return;
    this.#lifetime.abort(new TransportError('closed', 'the client is closed'));
    this.#stopRestartListener?.();
    for (const subscription of this.#subscriptions) subscription.close();
    await this.#transport.close();
  }

  /**
   * What every call does first: refuses an aborted signal, so nothing is sent and no cached
   * result served (C-52), and invalid timeouts or `maxInputRounds` (`RangeError`); returns the
   * call's hard deadline.
   */
  #begin(method: string, options: CallOptions & Pick<InputCallOptions, 'maxInputRounds'>): number {
    const { signal } = options;
    if (signal?.aborted) throw new RequestAbortedError(method, signal.reason);
    checkInputRounds(options.maxInputRounds);
    return this.#requester.deadline(options);
  }

  /** The MRTR rounds of a call (see `withInputRounds`), all before the call's hard `deadline`. */
  #withInput<M extends InputRequiredMethod>(
    method: M,
    params: Params,
    options: InputCallOptions,
    deadline: number,
    send: (params: Params, deadline: number) => Promise<Sent<M>> = (p, d) =>
      this.#requester.send(method, p, options, d),
    first?: Sent<M>,
  ): Promise<{ result: Sent<M>; retried: boolean }> {
    return withInputRounds(
      method,
      params,
      options,
      deadline,
      send,
      {
        handlers: this.#handlers,
        maxRounds: this.#options.maxInputRounds ?? 10,
        lifetime: this.#lifetime.signal,
      },
      first,
    );
  }

  /** The transport reconnected to a new peer: re-probe it and re-open the listens (C-43, T-17). */
  #restarted(): void {
    if (this.#lifetime.signal.aborted) return;
    void this.#connection.restarted();
    for (const subscription of this.#subscriptions) subscription.transportRestarted();
  }
}
