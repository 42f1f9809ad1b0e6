import type {
  AuthInfo,
  DetailedTask,
  EndpointExchange,
  Implementation,
  McpEndpoint,
  RequestContext,
  ServerCapabilities,
  SessionRefusal,
  StreamOpening,
} from '@mcpkit/protocol';
import { isRecord, McpError, MODERN_PROTOCOL_VERSIONS, TASKS_EXTENSION } from '@mcpkit/protocol/internal';
import { RequestStateCodec, type RequestStateOptions } from './input/request-state.js';
import { LegacyLayer, type LegacyOptions } from './legacy/legacy-layer.js';
import { undeclaredLogger } from './pipeline/context.js';
import { BACKGROUND, logToStderr, type ServerErrorHandler } from './pipeline/error-report.js';
import { type Middleware, runMiddleware } from './pipeline/middleware.js';
import { handleMessage, isServerFault } from './pipeline/pipeline.js';
import type { ServerRuntime } from './pipeline/runtime.js';
import { CachePolicy, type CachingOptions } from './registration/caching.js';
import { DEFAULT_PAGE_SIZE } from './registration/pagination.js';
import {
  compilePrompt,
  type PromptArgumentsInput,
  type PromptConfig,
  type PromptEntry,
  type PromptHandler,
} from './registration/prompts.js';
import { Registry } from './registration/registry.js';
import {
  compileResource,
  compileTemplate,
  ResourceCatalog,
  type ResourceConfig,
  type ResourceReader,
  type ResourceTemplateConfig,
  type TemplateReader,
} from './registration/resources.js';
import type { SchemaInput } from './registration/schema-adapter.js';
import type { ScopedTarget } from './registration/scopes.js';
import {
  compileTool,
  isInputSchemaArgument,
  type NotASchema,
  type ObjectInputSchema,
  type ToolConfig,
  type ToolEntry,
  type ToolHandler,
  type ToolInputSchema,
} from './registration/tools.js';
import { WaitingRegistrations } from './registration/waiting-registrations.js';
import { type EventBus, InMemoryEventBus, type ServerEvent } from './subscriptions/event-bus.js';
import { ListenHub } from './subscriptions/listen-hub.js';
import { type TaskAccess, TaskEngine, type TasksOptions } from './tasks/task-engine.js';

/** Options of `McpServer`. */
export interface ServerOptions {
  /** Guidance for the model, returned by `server/discover` (S-10). */
  instructions?: string;
  /**
   * Capabilities to declare on top of what registrations imply (`tools`, `prompts`, `resources`
   * with `listChanged: true`, `completions` when a completer exists). Declare `logging: {}` to let
   * handlers log (S-68), `resources: { subscribe: true }` when you call `notifyResourceUpdated`, and
   * any `extensions` you implement. A declared capability replaces the implied one as a whole
   * (declare `resources: { listChanged: true, subscribe: true }` to keep list-change notifications).
   */
  capabilities?: ServerCapabilities;
  /** Protocol versions served; others get `-32022` (S-2). Default: every version this engine speaks. */
  supportedVersions?: readonly string[];
  /** Items per page of list results. Default 1000. */
  pageSize?: number;
  /** Caching hints of the six cacheable results (S-40..S-42). Default `ttlMs: 0`, `cacheScope: "private"`. */
  cache?: CachingOptions;
  /** Keys and lifetime of the signed `requestState` of multi-round requests. */
  requestState?: RequestStateOptions;
  /** Where change events travel; share one bus between instances. Default: in-process. */
  eventBus?: EventBus;
  /**
   * The most notifications a `subscriptions/listen` stream may hold unread. A reader that falls
   * this far behind is dropped: its stream ends with a `-32603` error response saying so. Default 10,000.
   */
  maxListenBacklog?: number;
  /** The most `subscriptions/listen` streams open at once; one more is refused (`-32603`, HTTP 503). Default 10,000. */
  maxListens?: number;
  /**
   * The most listen streams one `auth.principal` holds open, so one caller cannot take them all;
   * streams without a principal count only towards `maxListens`. Default 100.
   */
  maxListensPerPrincipal?: number;
  /** Put `serverInfo` in every result's `_meta` (S-5). Default true. */
  includeServerInfo?: boolean;
  /**
   * Receives the server's own failures, each once: an error a tool handler threw (the client gets
   * an `isError` result with its message), a handler that did not await its question, a result
   * that breaks its `outputSchema`, every `-32603` the server answers, a failed publish. Also
   * development warnings, once each (`info.level: 'warning'`), such as a handler logging on a
   * server that did not declare `logging`. Requests refused for the client's own mistakes
   * (unknown method or tool, invalid params, a missing capability) are not reported: the client
   * is told. Default: written to stderr with the stack (stdout belongs to the stdio transport).
   *
   * @example
   * ```ts
   * new McpServer(info, { onError: (error, { level, method, tool }) => log[level]({ err: error, method, tool }) });
   * ```
   */
  onError?: ServerErrorHandler;
  /**
   * How 2025-era clients (`initialize`, sessions) are served. Default: served, with sessions in
   * memory; `{ stateless: true }` serves them without sessions; `'reject'` refuses them with
   * `-32022` naming the supported versions (H-39). The same registrations serve both eras.
   */
  legacy?: LegacyOptions | 'reject';
  /**
   * Turns on the tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663): `server/discover`
   * advertises it, tools registered with `taskSupport` may answer a `tools/call` with a task
   * (`ctx.runAsTask`), and `tasks/get`, `tasks/update` and `tasks/cancel` are served. Off by
   * default. `{}` keeps tasks in memory for an hour.
   */
  tasks?: TasksOptions;
}

/** A registration that can be changed or withdrawn at run time; each change notifies listen streams. */
export interface RegistrationHandle<C> {
  /** Replaces parts of the registration; the entry keeps its place in listings. */
  update(changes: C): void;
  /** Withdraws the registration. Returns false when it was already gone. */
  remove(): boolean;
}

type AnyToolConfig = ToolConfig<SchemaInput | undefined, SchemaInput | undefined>;
const NO_SCOPES: readonly string[] = Object.freeze([]);

function hasCompleters(complete: object | undefined): boolean {
  return complete !== undefined && Object.keys(complete).length > 0;
}

/**
 * Adds `compile(config, fn)` to `registry` under `key`; an update merges its changes over the
 * current config, keeps the function unless given a new one, and replaces the entry in place.
 * `compiled` runs after the registration and after every update (not when compiling throws).
 * A registration whose schemas need the protocol's zod, and whatever follows it, waits in `waiting`.
 */
function register<C extends object, F, E>(
  registry: Registry<E>,
  key: string,
  compile: (config: C, fn: F) => E,
  config: C,
  fn: F,
  compiled: (config: C) => void,
  waiting: WaitingRegistrations,
): { update(changes: Partial<C>, fn: F | undefined): void; remove(): boolean } {
  // A name a waiting registration holds is taken too: an error at once, as for a registered one.
  if (waiting.holds(registry, key)) throw new TypeError(`${JSON.stringify(key)} is already registered`);
  waiting.run(
    () => {
      registry.add(key, compile(config, fn));
      compiled(config);
    },
    { registry, key },
  );
  let current = { config, fn };
  return {
    update(changes, nextFn) {
      const next = { config: { ...current.config, ...changes }, fn: nextFn ?? current.fn };
      waiting.run(() => {
        registry.replace(key, compile(next.config, next.fn));
        compiled(next.config);
      });
      current = next;
    },
    remove: () => {
      let removed = false;
      waiting.run(() => {
        removed = registry.delete(key);
      });
      return removed || waiting.ready !== undefined;
    },
  };
}

/**
 * A stateless MCP 2026-07-28 server: register tools, resources and prompts, then hand it to any
 * transport (it is an `McpEndpoint`). Every request carries what it needs, so any number of
 * instances can serve the same clients; only the `requestState` keys and the event bus need to
 * be shared.
 *
 * @example
 * ```ts
 * import * as z from 'zod';
 * const server = new McpServer({ name: 'weather', version: '1.0.0' });
 * server.tool(
 *   'get_weather',
 *   { description: 'Current weather', inputSchema: z.object({ city: z.string() }) },
 *   async ({ city }) => ({ content: [{ type: 'text', text: `Sunny in ${city}` }] }),
 * );
 * const client = createInMemoryTransport(server);
 * ```
 */
export class McpServer implements McpEndpoint {
  private readonly runtime: ServerRuntime;
  private readonly bus: EventBus;
  private readonly declared: ServerCapabilities;
  private readonly used = { tools: false, prompts: false, resources: false, completions: false };
  private advertised: ServerCapabilities | undefined;
  private readonly middleware: Middleware[] = [];
  private readonly onError: (error: unknown) => void;
  private readonly legacy: LegacyLayer;

  constructor(info: Implementation, options: ServerOptions = {}) {
    const supportedVersions = options.supportedVersions ?? MODERN_PROTOCOL_VERSIONS;
    if (
      supportedVersions.length === 0 ||
      supportedVersions.some((v) => !MODERN_PROTOCOL_VERSIONS.includes(v))
    ) {
      throw new TypeError(
        `supportedVersions must be a non-empty subset of ${MODERN_PROTOCOL_VERSIONS.join(', ')}`,
      );
    }
    const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
    if (!Number.isSafeInteger(pageSize) || pageSize < 1)
      throw new RangeError('pageSize must be a positive integer');
    const report = options.onError ?? logToStderr;
    this.onError = (error) => report(error, BACKGROUND);
    this.bus = options.eventBus ?? new InMemoryEventBus({ onListenerError: (error) => this.onError(error) });
    this.declared = options.capabilities ?? {};
    this.runtime = {
      info,
      instructions: options.instructions,
      supportedVersions: [...supportedVersions],
      capabilities: () => this.capabilities,
      tools: new Registry<ToolEntry>(() => this.changed('tools')),
      prompts: new Registry<PromptEntry>(() => this.changed('prompts')),
      resources: new ResourceCatalog(() => this.changed('resources')),
      cache: new CachePolicy(options.cache),
      pageSize,
      codec: new RequestStateCodec(options.requestState),
      listens: new ListenHub(this.bus, options),
      tasks:
        options.tasks &&
        new TaskEngine(
          options.tasks,
          (task: DetailedTask) => this.publish({ type: 'tasks/status', task }),
          report,
        ),
      middleware: this.middleware,
      includeServerInfo: options.includeServerInfo ?? true,
      registrations: new WaitingRegistrations(this.onError),
      onError: report,
      undeclaredLogger: undeclaredLogger((problem) => report(problem, { level: 'warning' })),
    };
    const runtime = this.runtime;
    this.legacy = new LegacyLayer(
      {
        info,
        instructions: options.instructions,
        modernVersions: runtime.supportedVersions,
        capabilities: () => this.capabilities,
        handleModern: (message, context) => handleMessage(runtime, message, context),
        subscribe: (listener) => this.bus.subscribe(listener),
        withMiddleware: (method, params, info, handler) =>
          runMiddleware(this.middleware, method, params, info, handler)
            .then((result) => {
              if (isRecord(result)) return result;
              throw McpError.internalError(`The middleware of ${method} returned no result`);
            })
            .catch((error: unknown) => {
              // As on the engine: a fault of the server's own is reported, with its request.
              if (isServerFault(error)) report(error, { level: 'error', method, requestId: info.requestId });
              throw error;
            }),
      },
      options.legacy === 'reject',
      options.legacy === 'reject' ? {} : options.legacy,
    );
  }

  /** The capabilities `server/discover` advertises now. */
  get capabilities(): ServerCapabilities {
    this.advertised ??= this.computeCapabilities();
    return this.advertised;
  }

  /**
   * Registers a tool. With a zod or Standard Schema `inputSchema`, or a shape of such fields
   * (`{ a: z.number() }`), the handler's `args` are typed and parsed; with raw JSON Schema they are
   * validated and passed as is. Throws a `TypeError` for a bad name (S-17), a taken name, a schema
   * the spec does not allow, or `taskSupport` on a server without `options.tasks`.
   *
   * @example
   * ```ts
   * server.tool('add', { description: 'Adds', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => ({
   *   content: [{ type: 'text', text: String(a + b) }],
   * }));
   * ```
   */
  tool<I extends SchemaInput | undefined = undefined, O extends SchemaInput | undefined = undefined>(
    name: string,
    config: ToolConfig<I, O> & NotASchema & { inputSchema?: ObjectInputSchema<I> },
    handler: ToolHandler<I, O>,
  ): RegistrationHandle<Partial<AnyToolConfig> & { handler?: ToolHandler<I, O> }>;
  /**
   * Registers a tool from its input schema alone: `server.tool('add', z.object({ a: z.number() }), handler)`
   * or with a shape, `server.tool('add', { a: z.number() }, handler)`, as the official SDK's
   * `tool(name, shape, handler)` does. Give a config for a description, an output schema and more.
   */
  tool<S extends ToolInputSchema>(
    name: string,
    inputSchema: S & ObjectInputSchema<S>,
    handler: ToolHandler<S, undefined>,
  ): RegistrationHandle<Partial<AnyToolConfig> & { handler?: ToolHandler<S, undefined> }>;
  tool(
    name: string,
    second: AnyToolConfig | ToolInputSchema,
    handler: ToolHandler<SchemaInput | undefined, SchemaInput | undefined>,
  ): RegistrationHandle<
    Partial<AnyToolConfig> & { handler?: ToolHandler<SchemaInput | undefined, SchemaInput | undefined> }
  > {
    type I = SchemaInput | undefined;
    type O = SchemaInput | undefined;
    const config: AnyToolConfig = isInputSchemaArgument(second) ? { inputSchema: second } : second;
    this.checkTaskSupport(name, config.taskSupport);
    const registration = register(
      this.runtime.tools,
      name,
      (c: AnyToolConfig, h: ToolHandler<I, O>) => compileTool(name, c, h),
      config,
      handler,
      () => this.markUsed('tools'),
      this.runtime.registrations,
    );
    return {
      update: ({ handler: next, ...changes }) => {
        this.checkTaskSupport(name, changes.taskSupport);
        registration.update(changes, next);
      },
      remove: registration.remove,
    };
  }

  /** A tool may run as a task only on a server that turned the extension on. */
  private checkTaskSupport(name: string, taskSupport: AnyToolConfig['taskSupport']): void {
    if (taskSupport !== undefined && this.runtime.tasks === undefined) {
      throw new TypeError(
        `tool ${JSON.stringify(name)}: taskSupport needs the tasks extension turned on (ServerOptions.tasks)`,
      );
    }
  }

  /** Registers a resource at a fixed URI. */
  resource(
    uri: string,
    config: ResourceConfig,
    read: ResourceReader,
  ): RegistrationHandle<Partial<ResourceConfig> & { read?: ResourceReader }> {
    const registration = register(
      this.runtime.resources.resources,
      uri,
      (c: ResourceConfig, r: ResourceReader) => compileResource(uri, c, r),
      config,
      read,
      () => this.markUsed('resources'),
      this.runtime.registrations,
    );
    return {
      update: ({ read: next, ...changes }) => registration.update(changes, next),
      remove: registration.remove,
    };
  }

  /**
   * Registers a family of resources named by an RFC 6570 template; the reader gets the URI's
   * variables, typed from the template (`'notes://{id}'` gives `{ id: string }`).
   */
  resourceTemplate<T extends string>(
    uriTemplate: T,
    config: ResourceTemplateConfig<T>,
    read: TemplateReader<T>,
  ): RegistrationHandle<Partial<ResourceTemplateConfig<T>> & { read?: TemplateReader<T> }> {
    const registration = register(
      this.runtime.resources.templates,
      uriTemplate,
      (c: ResourceTemplateConfig<T>, r: TemplateReader<T>) => compileTemplate(uriTemplate, c, r),
      config,
      read,
      (current) => {
        this.markUsed('resources');
        if (hasCompleters(current.complete)) this.markUsed('completions');
      },
      this.runtime.registrations,
    );
    return {
      update: ({ read: next, ...changes }) => registration.update(changes, next),
      remove: registration.remove,
    };
  }

  /** Registers a prompt; its arguments are typed from the zod schema or the declarations. */
  prompt<A extends PromptArgumentsInput | undefined = undefined>(
    name: string,
    config: PromptConfig<A>,
    handler: PromptHandler<A>,
  ): RegistrationHandle<Partial<PromptConfig<A>> & { handler?: PromptHandler<A> }> {
    const registration = register(
      this.runtime.prompts,
      name,
      (c: PromptConfig<A>, h: PromptHandler<A>) =>
        compilePrompt(name, c as PromptConfig<PromptArgumentsInput | undefined>, h),
      config,
      handler,
      (current) => {
        this.markUsed('prompts');
        if (hasCompleters(current.complete)) this.markUsed('completions');
      },
      this.runtime.registrations,
    );
    return {
      update: ({ handler: next, ...changes }) => registration.update(changes, next),
      remove: registration.remove,
    };
  }

  /**
   * The OAuth scopes a registration declares (`scopes: [...]` in its config); `[]` when it
   * declares none or does not exist. A resource URI resolves as a read would: a static
   * resource, else the first matching template. A subscription's URI names every resource whose
   * updates it hears of (see `ScopedTarget`). The server never enforces them itself; an
   * authorization layer does (`@mcpkit/auth/server`).
   *
   * @example
   * ```ts
   * server.tool('delete_file', { scopes: ['files:write'] }, handler);
   * server.requiredScopes({ tool: 'delete_file' }); // ['files:write']
   * ```
   */
  requiredScopes(target: ScopedTarget): readonly string[] {
    const { tools, prompts, resources } = this.runtime;
    if ('tool' in target) return tools.get(target.tool)?.scopes ?? NO_SCOPES;
    if ('prompt' in target) return prompts.get(target.prompt)?.scopes ?? NO_SCOPES;
    if ('resource' in target) return resources.find(target.resource)?.entry.scopes ?? NO_SCOPES;
    if ('subscription' in target) return resources.scopesUnder(target.subscription);
    return resources.templates.get(target.resourceTemplate)?.scopes ?? NO_SCOPES;
  }

  /**
   * The scopes a request of `method` about task `taskId` needs of its own: those of the tool whose
   * call made the task (as `requiredScopes({ tool })` gives them now), so a token without them
   * cannot read, answer or cancel what a fuller token started. `[]` when the tasks extension is
   * off, or the task is unknown, expired or not the caller's (`tasks.authorize`): the request then
   * fails as it would, and nobody learns that the task exists. Reads the task store once.
   *
   * @example
   * ```ts
   * await server.taskScopes(taskId, 'tasks/get', ctx.auth); // ['files:write'] for a task of delete_file
   * ```
   */
  async taskScopes(
    taskId: string,
    method: TaskAccess['method'],
    auth: AuthInfo | undefined,
  ): Promise<readonly string[]> {
    const tool = await this.runtime.tasks?.toolOf(taskId, method, auth);
    return tool === undefined ? NO_SCOPES : this.requiredScopes({ tool });
  }

  /** Adds middleware around every request; the first added runs outermost. */
  use(middleware: Middleware): this {
    this.middleware.push(middleware);
    return this;
  }

  /** Tells listen streams subscribed to `uri` (or a parent of it) that it changed (S-34). */
  notifyResourceUpdated(uri: string): Promise<void> {
    return this.publish({ type: 'resources/updated', uri });
  }

  /** Serves one message; every transport calls this. A 2025-era message goes through the legacy layer. */
  handle(message: unknown, context: RequestContext): EndpointExchange {
    if (this.legacy.eraOf(message, context) === 'legacy') return this.legacy.handle(message, context);
    return handleMessage(this.runtime, message, context);
  }

  /** The standalone `GET` stream of a legacy HTTP session (2025-11-25 Streamable HTTP). */
  openStream(context: RequestContext): Promise<StreamOpening> {
    return this.legacy.openStream(context);
  }

  /** Ends a legacy HTTP session (`DELETE`). */
  endSession(context: RequestContext): Promise<SessionRefusal | { kind: 'ended' }> {
    return this.legacy.endSession(context);
  }

  /** Ends every open listen stream with its final result (S-50). Later listens close at once. */
  async close(): Promise<void> {
    this.runtime.listens.close();
  }

  /** Records that registrations imply `feature`'s capability (computed again on next use). */
  private markUsed(feature: keyof McpServer['used']): void {
    if (this.used[feature]) return;
    this.used[feature] = true;
    this.advertised = undefined;
  }

  private changed(kind: 'tools' | 'prompts' | 'resources'): void {
    this.advertised = undefined;
    const event: ServerEvent = { type: `${kind}/list_changed` };
    this.publish(event).catch(this.onError);
  }

  /**
   * Publishes on the bus; a bus that throws instead of rejecting fails the promise the same way,
   * so a change it cannot announce is still made in full.
   */
  private publish(event: ServerEvent): Promise<void> {
    try {
      return Promise.resolve(this.bus.publish(event));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private computeCapabilities(): ServerCapabilities {
    const declared = this.declared;
    const capabilities: ServerCapabilities = { ...declared };
    if (this.used.tools) capabilities.tools = declared.tools ?? { listChanged: true };
    if (this.used.prompts) capabilities.prompts = declared.prompts ?? { listChanged: true };
    if (this.used.resources) capabilities.resources = declared.resources ?? { listChanged: true };
    if (this.used.completions) capabilities.completions = declared.completions ?? {};
    if (this.runtime.tasks !== undefined && declared.extensions?.[TASKS_EXTENSION] === undefined) {
      capabilities.extensions = { ...declared.extensions, [TASKS_EXTENSION]: {} };
    }
    return capabilities;
  }
}
