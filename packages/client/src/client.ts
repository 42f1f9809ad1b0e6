import type {
  CallToolResult,
  ClientCapabilities,
  ClientTransport,
  CompleteRequestParams,
  CompleteResult,
  DetailedTask,
  GetPromptResult,
  Implementation,
  InputRequiredResult,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  SubscriptionFilter,
  Tool,
} from '@mcpkit/protocol';
import {
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
  TASKS_EXTENSION,
  TransportError,
} from '@mcpkit/protocol/internal';
import { clientCache } from './cache.js';
import { cacheStep } from './cache-step.js';
import type { ClientMiddleware } from './call.js';
import { CallChain } from './call-chain.js';
import {
  checkInputRounds,
  clientTimeoutLimits,
  clientToolLimits,
  startCall,
  waitUnless,
} from './call-limits.js';
import { declaredCapabilities } from './capabilities.js';
import { Connection } from './connection.js';
import { legacySupportIn } from './core-options.js';
import { connectEra } from './era-connect.js';
import { RequestAbortedError } from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import { inputRoundsStep } from './input-rounds.js';
import type { LegacyEra } from './legacy/legacy-era.js';
import type {
  AutoInputOptions,
  CacheableCallOptions,
  CallOptions,
  ClientWarning,
  InputCallOptions,
  ManualInputOptions,
  McpClientOptions,
} from './options.js';
import { CLIENT_VERSION } from './package-version.js';
import { listItems, listPage } from './pages.js';
import type { ServerDescription } from './probe.js';
import { Requester } from './requester.js';
import { resendStep } from './resend.js';
import { type ListenHost, openSubscription, type Subscription } from './subscription.js';
import type { TaskFollower } from './task-follower.js';
import type { TaskCallOptions } from './task-options.js';
import { followerFor } from './task-support.js';
import type { ResumeTaskOptions } from './tasks.js';
import { ToolCatalog } from './tool-catalog.js';

/** `clientInfo` sent when the application names none (C-2). */
export const DEFAULT_CLIENT_INFO: Implementation = { name: '@mcpkit/client', version: CLIENT_VERSION };

type Params = Record<string, unknown>;

/**
 * The client both entries export as `McpClient` (see there): `@mcpkit/client`'s with the 2025-era
 * support, `@mcpkit/client/modern`'s without it.
 */
export class McpClientCore {
  readonly #transport: ClientTransport;
  readonly #requester: Requester;
  readonly #connection: Connection;
  readonly #chain: CallChain;
  readonly #tools: ToolCatalog;
  readonly #limits: TimeoutLimits;
  readonly #capabilities: Readonly<ClientCapabilities>;
  readonly #lifetime = new AbortController();
  readonly #listenHost: ListenHost;
  readonly #stopRestartListener: (() => void) | undefined;
  readonly #legacy: LegacyEra | undefined;
  readonly #tasks: TaskFollower | undefined;

  protected constructor(transport: ClientTransport, options: McpClientOptions) {
    const legacySupport = legacySupportIn(options);
    this.#transport = transport;
    this.#capabilities = declaredCapabilities(options.handlers, withTasks(options));
    const limits = clientTimeoutLimits(options);
    checkInputRounds(options.maxInputRounds);
    const warn = options.onWarning ?? ((warning: ClientWarning) => console.warn('@mcpkit/client:', warning));
    this.#limits = limits;
    const requester = new Requester(transport, {
      capabilities: this.#capabilities,
      clientInfo: options.clientInfo === false ? undefined : (options.clientInfo ?? DEFAULT_CLIENT_INFO),
      versions: options.protocolVersions ?? MODERN_PROTOCOL_VERSIONS,
      limits,
      logLevel: options.logLevel,
      onLog: options.onLog,
      taskResults: options.tasks !== undefined,
    });
    if (options.protocolVersion !== undefined) requester.version = options.protocolVersion;
    this.#requester = requester;
    const cache = clientCache(options, (error) => warn({ kind: 'cache-failed', error }));
    const clientInfo = options.clientInfo || DEFAULT_CLIENT_INFO;
    const probeTimeoutMs = options.probeTimeoutMs ?? 10_000;
    const eraVerdicts = options.eraVerdicts ?? new Map();
    const legacy = legacySupport?.era({
      transport,
      requester,
      handlers: options.handlers ?? {},
      lifetime: this.#lifetime.signal,
      probeTimeoutMs,
      logs: options,
      observe: (notification) => {
        for (const observer of this.#listenHost.observers) observer.observe(notification as never);
      },
    });
    this.#legacy = legacy;
    const connection = new Connection({
      requester,
      connect: async (cacheMode) => {
        const description = await connectEra(requester, {
          era: options.era ?? 'auto',
          legacyVersions: options.legacyProtocolVersions ?? LEGACY_PROTOCOL_VERSIONS,
          clientInfo,
          capabilities: this.#capabilities,
          verdicts: eraVerdicts,
          timeoutMs: probeTimeoutMs,
          cache,
          cacheMode,
          handshake: legacySupport?.handshake,
        });
        await legacy?.follow(description);
        return description;
      },
      limits,
      lifetime: this.#lifetime.signal,
      fixedVersion: options.protocolVersion !== undefined,
    });
    this.#connection = connection;
    const chain = new CallChain(limits, requester.send);
    const tools = new ToolCatalog(chain, {
      autoListTools: options.autoListTools !== false,
      validateStructuredContent: options.validateStructuredContent !== false,
      maxTotalTimeoutMs: limits.maxTotalTimeoutMs,
      toolLimits: clientToolLimits(options),
      rejected: (tool, reason) => warn({ kind: 'tool-rejected', tool, reason }),
    });
    // The order of the steps, outermost first, and why: docs/design/client-chain.md.
    chain.add(connection.step);
    chain.add(tools.step);
    if (cache) chain.add(cacheStep(cache, requester));
    chain.add(
      inputRoundsStep({
        handlers: options.handlers ?? {},
        maxRounds: options.maxInputRounds ?? 10,
        lifetime: this.#lifetime.signal,
      }),
    );
    chain.add(resendStep({ requester, connection, limits, tools }));
    this.#tasks = followerFor(options.tasks, {
      requester,
      handlers: options.handlers ?? {},
      limits,
      lifetime: this.#lifetime.signal,
    });
    if (this.#tasks) chain.add(this.#tasks.step);
    if (legacy) chain.add(legacy.wireStep(connection));
    this.#chain = chain;
    this.#tools = tools;
    this.#listenHost = {
      requester,
      connection,
      observers: cache ? [tools, cache] : [tools],
      warn,
      maxReopenAttempts: options.maxReopenAttempts ?? 5,
      limits,
      legacy,
      reopenDelayMs: options.reopenDelayMs ?? ((attempt) => Math.min(250 * 2 ** (attempt - 1), 10_000)),
      subscriptions: new Set(),
    };
    this.#stopRestartListener = transport.onRestart?.(() => this.#restarted());
  }

  /**
   * Adds middleware around every call the client makes for the application (see
   * `ClientMiddleware`): the first added runs outermost, before the client connects, reads its
   * cache or answers input, and sees the final result or error. Returns the client.
   *
   * @example
   * ```ts
   * client.use((call, next) => next({ ...call, options: { ...call.options, meta: { traceparent } } }));
   * ```
   */
  use(middleware: ClientMiddleware): this {
    this.#chain.use(middleware);
    return this;
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
    return this.#connection.connectedFor(startCall('server/discover', {}, options, this.#limits));
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
    return this.#tools.page(params.cursor, options);
  }

  /** Every tool, page after page (P-67: an empty cursor is a cursor). */
  iterateTools(options: CacheableCallOptions = {}): AsyncGenerator<Tool> {
    return this.#tools.iterate(options);
  }

  /**
   * Calls a tool. Mirrors its `x-mcp-header` arguments as `Mcp-Param-*` headers (H-27), refreshing
   * `tools/list` once on `-32020` (H-28); answers `input_required` with the handlers (C-24..C-29);
   * checks `structuredContent` against the `outputSchema` (C-20). A tool failure is a result with
   * `isError: true`, not an exception.
   */
  callTool(
    name: string,
    args?: Params,
    options?: AutoInputOptions & TaskCallOptions,
  ): Promise<CallToolResult>;
  callTool(
    name: string,
    args: Params | undefined,
    options: ManualInputOptions & TaskCallOptions,
  ): Promise<CallToolResult | InputRequiredResult>;
  callTool(
    name: string,
    args?: Params,
    options: InputCallOptions & TaskCallOptions = {},
  ): Promise<CallToolResult | InputRequiredResult> {
    const params = args === undefined ? { name } : { name, arguments: args };
    return this.#chain.call('tools/call', params, options) as Promise<CallToolResult | InputRequiredResult>;
  }

  /**
   * Follows a task a `tools/call` became (its id from `onTask`, persisted) to its end, as
   * `callTool` would have: polls, answers its questions with the handlers, and returns the tool's
   * result. Aborting `signal` sends `tasks/cancel`. Needs `tasks` in the client's options.
   *
   * @example
   * ```ts
   * const result = await client.callTool('build', { ref: 'main' }, { onTask: (task) => save(task.taskId) });
   * // after a restart:
   * const resumed = await client.resumeTask(load());
   * ```
   */
  async resumeTask(taskId: string, options: ResumeTaskOptions = {}): Promise<CallToolResult> {
    const tasks = this.#taskFollower();
    await this.connect({ signal: options.signal, timeoutMs: options.timeoutMs });
    const task = await tasks.get(taskId, options);
    return tasks.follow(task, { signal: options.signal, options, params: {} });
  }

  /** `tasks/get`: a task as the server has it now. Needs `tasks` in the client's options. */
  async getTask(taskId: string, options: ResumeTaskOptions = {}): Promise<DetailedTask> {
    const tasks = this.#taskFollower();
    await this.connect({ signal: options.signal, timeoutMs: options.timeoutMs });
    return tasks.get(taskId, options);
  }

  /**
   * `tasks/cancel`: asks the server to cancel a task; cooperative, so it may still finish.
   * Aborting a `callTool` that became a task sends this for you.
   */
  async cancelTask(taskId: string, options: ResumeTaskOptions = {}): Promise<void> {
    const tasks = this.#taskFollower();
    await this.connect({ signal: options.signal, timeoutMs: options.timeoutMs });
    await tasks.cancel(taskId, options);
  }

  #taskFollower(): TaskFollower {
    if (this.#tasks === undefined) {
      throw new TypeError(
        'The tasks extension is off: give McpClient `tasks: followTasks()` (from @mcpkit/client) to use tasks',
      );
    }
    return this.#tasks;
  }

  /** One page of prompts. */
  listPrompts(
    params: { cursor?: string } = {},
    options: CacheableCallOptions = {},
  ): Promise<ListPromptsResult> {
    return listPage(this.#chain, 'prompts/list', params.cursor, options);
  }

  /** Every prompt, page after page. */
  iteratePrompts(options: CacheableCallOptions = {}): AsyncGenerator<Prompt> {
    return listItems(this.#chain, 'prompts/list', 'prompts', options);
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
  getPrompt(
    name: string,
    args?: Record<string, string>,
    options: InputCallOptions = {},
  ): Promise<GetPromptResult | InputRequiredResult> {
    const params = args === undefined ? { name } : { name, arguments: args };
    return this.#chain.call('prompts/get', params, options) as Promise<GetPromptResult | InputRequiredResult>;
  }

  /** One page of resources. */
  listResources(
    params: { cursor?: string } = {},
    options: CacheableCallOptions = {},
  ): Promise<ListResourcesResult> {
    return listPage(this.#chain, 'resources/list', params.cursor, options);
  }

  /** Every resource, page after page. */
  iterateResources(options: CacheableCallOptions = {}): AsyncGenerator<Resource> {
    return listItems(this.#chain, 'resources/list', 'resources', options);
  }

  /** One page of resource templates. */
  listResourceTemplates(
    params: { cursor?: string } = {},
    options: CacheableCallOptions = {},
  ): Promise<ListResourceTemplatesResult> {
    return listPage(this.#chain, 'resources/templates/list', params.cursor, options);
  }

  /** Every resource template, page after page. */
  iterateResourceTemplates(options: CacheableCallOptions = {}): AsyncGenerator<ResourceTemplate> {
    return listItems(this.#chain, 'resources/templates/list', 'resourceTemplates', options);
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
  readResource(
    uri: string,
    options: InputCallOptions & CacheableCallOptions = {},
  ): Promise<ReadResourceResult | InputRequiredResult> {
    return this.#chain.call('resources/read', { uri }, options) as Promise<
      ReadResourceResult | InputRequiredResult
    >;
  }

  /** Asks for argument completions (`completion/complete`). */
  complete(params: Omit<CompleteRequestParams, '_meta'>, options: CallOptions = {}): Promise<CompleteResult> {
    return this.#chain.call('completion/complete', params, options) as Promise<CompleteResult>;
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
    const subscription = openSubscription(this.#listenHost, filter, options);
    if (!subscription.ended) this.#listenHost.subscriptions.add(subscription);
    return subscription;
  }

  /** Ends every subscription, stops input handlers and closes the transport. */
  async close(): Promise<void> {
    if (this.#lifetime.signal.aborted) return;
    this.#lifetime.abort(new TransportError('closed', 'the client is closed'));
    this.#stopRestartListener?.();
    this.#legacy?.stop();
    for (const subscription of this.#listenHost.subscriptions) subscription.close();
    await this.#transport.close();
  }

  /** The transport reconnected to a new peer: re-probe it and re-open the listens (C-43, T-17). */
  #restarted(): void {
    if (this.#lifetime.signal.aborted) return;
    void this.#connection.restarted();
    for (const subscription of this.#listenHost.subscriptions) subscription.transportRestarted();
    this.#tasks?.transportRestarted();
  }
}

/** The extra capabilities to declare: the application's, plus the tasks extension when it is on. */
function withTasks(options: McpClientOptions): McpClientOptions['capabilities'] {
  if (options.tasks === undefined) return options.capabilities;
  const extensions = { ...options.capabilities?.extensions, [TASKS_EXTENSION]: {} };
  return { ...options.capabilities, extensions };
}
