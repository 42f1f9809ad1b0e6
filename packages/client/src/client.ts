import type {
  CallToolResult,
  ClientCapabilities,
  ClientTransport,
  CompleteRequestParams,
  CompleteResult,
  DetailedTask,
  GetPromptResult,
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
import { TransportError } from '@mcpkit/protocol/internal';
import type { ClientHooks, ClientMiddleware } from './call.js';
import type { CallChain } from './call-chain.js';
import { startCall, waitUnless } from './call-limits.js';
import { assembleClient } from './client-parts.js';
import type { ClientSession } from './client-session.js';
import type { Connection } from './connection.js';
import type { EraSupport, LegacyEraSeam } from './era-seam.js';
import { RequestAbortedError } from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import type { JsonSchemaSupply } from './json-schema-supply.js';
import type { ListenHost } from './listen-contract.js';
import type {
  AutoInputOptions,
  CacheableCallOptions,
  CallOptions,
  InputCallOptions,
  ManualInputOptions,
  McpClientOptions,
} from './options.js';
import { listItems, listPage } from './pages.js';
import type { ServerDescription } from './probe.js';
import type { Requester } from './requester.js';
import { openSubscription, type Subscription } from './subscription.js';
import type { TaskFollower } from './task-follower.js';
import type { TaskCallOptions } from './task-options.js';
import type { ResumeTaskOptions } from './tasks.js';
import type { ToolCatalog } from './tool-catalog.js';

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
  readonly #legacy: LegacyEraSeam | undefined;
  readonly #tasks: TaskFollower | undefined;
  readonly #session: ClientSession;

  /**
   * @internal `era` is how the client connects, and the 2025 era when it speaks it: each
   * `McpClient` hands in its own, so that a bundle of `@mcpkit/client/modern` holds neither the
   * negotiation between the eras nor the 2025 era. `jsonSchemas` is where its JSON Schema
   * compiler comes from (C-20, C-47), `undefined` for none, so that a bundle of
   * `@mcpkit/client/minimal` holds no `import()` of ours. Left out of the declarations
   * (`stripInternal`), so that they name none of these parts.
   */
  protected constructor(
    transport: ClientTransport,
    options: McpClientOptions,
    era: EraSupport,
    jsonSchemas: JsonSchemaSupply | undefined,
  ) {
    this.#transport = transport;
    const parts = assembleClient(transport, options, this.#lifetime.signal, era, jsonSchemas);
    this.#capabilities = parts.capabilities;
    this.#limits = parts.limits;
    this.#requester = parts.requester;
    this.#connection = parts.connection;
    this.#chain = parts.chain;
    this.#tools = parts.tools;
    this.#listenHost = parts.listenHost;
    this.#legacy = parts.legacy;
    this.#tasks = parts.tasks;
    this.#session = parts.session;
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
  use(middleware: ClientMiddleware): this;
  /**
   * Adds hooks (see `ClientHooks`): `call` around each application call as above, `send` around
   * each request the client puts on the wire (each input round and task poll its own), `receive`
   * around its answer to each request a 2025-era server sends. Methods are bound to `hooks`.
   * Returns the client.
   *
   * @example
   * ```ts
   * client.use({ send: (ctx, next) => (console.log(ctx.method, ctx.call), next()) });
   * ```
   */
  use(hooks: ClientHooks): this;
  use(middleware: ClientMiddleware | ClientHooks): this {
    if (typeof middleware === 'function') {
      this.#chain.use(middleware);
      return this;
    }
    if (middleware.call !== undefined) this.#chain.use(middleware.call.bind(middleware));
    if (middleware.send !== undefined)
      this.#requester.useSend(middleware.send.bind(middleware), this.#notificationHookFailed);
    if (middleware.receive !== undefined)
      this.#requester.useReceive(middleware.receive.bind(middleware), this.#notificationHookFailed);
    if (middleware.sessionEnded !== undefined) this.#session.use(middleware.sessionEnded.bind(middleware));
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
    this.#session.ended('closed', this.#hookFailed);
    this.#stopRestartListener?.();
    this.#legacy?.stop();
    for (const subscription of this.#listenHost.subscriptions) subscription.close();
    await this.#transport.close();
  }

  readonly #hookFailed = (error: unknown): void => this.#listenHost.warn({ kind: 'hook-failed', error });
  readonly #notificationHookFailed = (error: unknown, notification: string): void =>
    this.#listenHost.warn({ kind: 'hook-failed', error, notification });

  /** The transport reconnected to a new peer: re-probe it and re-open the listens (C-43, T-17). */
  #restarted(): void {
    if (this.#lifetime.signal.aborted) return;
    const lost = new TransportError('restarted', 'the transport restarted on a new server');
    this.#session.ended('lost', this.#hookFailed, lost);
    void this.#connection.restarted();
    for (const subscription of this.#listenHost.subscriptions) subscription.transportRestarted();
    this.#tasks?.transportRestarted();
  }
}
