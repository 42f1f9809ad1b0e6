import type {
  AuthInfo,
  EndpointExchange,
  Implementation,
  McpEndpoint,
  MiddlewareHooks,
  RequestContext,
  ServerCapabilities,
  SessionEndpoint,
  TaskMethod,
} from '@mcpkit/protocol';
import { keepsRequestContext, MODERN_PROTOCOL_VERSIONS } from '@mcpkit/protocol/internal';
import type { LegacyEraFactory, LegacyEraSeam } from './era-seam.js';
import type { AnyToolConfig } from './extensions/extension.js';
import { ExtensionSet } from './extensions/extension-set.js';
import { RequestStateCodec } from './input/request-state.js';
import { ServerMiddlewareChains } from './pipeline/chains.js';
import { undeclaredLogger } from './pipeline/context.js';
import { BACKGROUND, logToStderr } from './pipeline/error-report.js';
import { notified } from './pipeline/hook-contexts.js';
import { runLegacyMethod } from './pipeline/legacy-methods.js';
import type { Middleware, ServerMiddleware } from './pipeline/middleware.js';
import { handleMessage } from './pipeline/pipeline.js';
import { serverInfoPrefix } from './pipeline/result-final.js';
import type { ServerRuntime } from './pipeline/runtime.js';
import { CachePolicy } from './registration/caching.js';
import { checkRegistration } from './registration/check-arguments.js';
import { DEFAULT_PAGE_SIZE } from './registration/pagination.js';
import {
  compilePrompt,
  type PromptArgumentsInput,
  type PromptConfig,
  type PromptEntry,
  type PromptHandler,
} from './registration/prompts.js';
import { register } from './registration/register.js';
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
import { AdvertisedCapabilities } from './server-capabilities.js';
import { extensionsOf, type RegistrationHandle, type ServerCoreOptions } from './server-options.js';
import { type EventBus, InMemoryEventBus, type ServerEvent } from './subscriptions/event-bus.js';
import { ListenHub } from './subscriptions/listen-hub.js';

const NO_SCOPES: readonly string[] = Object.freeze([]);

function hasCompleters(complete: object | undefined): boolean {
  return complete !== undefined && Object.keys(complete).length > 0;
}

/**
 * `McpServer` without the 2025 era: everything it does for 2026-07-28. The package entry builds
 * `McpServer` on it and hands it the 2025 era (`era-seam.ts`); without one it serves
 * 2026-07-28 alone.
 */
export class McpServerCore implements McpEndpoint {
  private readonly runtime: ServerRuntime;
  private readonly bus: EventBus;
  private readonly advertised: AdvertisedCapabilities;
  private readonly middleware = new ServerMiddlewareChains();
  private readonly onError: (error: unknown) => void;
  private readonly legacy: LegacyEraSeam | undefined;

  constructor(info: Implementation, options: ServerCoreOptions = {}, legacy?: LegacyEraFactory) {
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
    // `handle` hands middleware, hooks and handlers objects of their own, never the transport's context.
    keepsRequestContext(this, McpServerCore.prototype.handle);
    const report = options.onError ?? logToStderr;
    this.onError = (error) => report(error, BACKGROUND);
    this.bus = options.eventBus ?? new InMemoryEventBus({ onListenerError: (error) => this.onError(error) });
    const extensions = new ExtensionSet(extensionsOf(options));
    this.advertised = new AdvertisedCapabilities(options.capabilities ?? {}, extensions);
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
      extensions,
      middleware: this.middleware,
      serverInfoPrefix: (options.includeServerInfo ?? true) ? serverInfoPrefix(info) : undefined,
      registrations: new WaitingRegistrations(this.onError),
      onError: report,
      undeclaredLogger: undeclaredLogger((problem) => report(problem, { level: 'warning' })),
    };
    const runtime = this.runtime;
    extensions.setup({
      publish: (event) => this.publish(event),
      onError: report,
      requiredScopes: (target) => this.requiredScopes(target),
    });
    this.legacy = legacy?.({
      info,
      instructions: options.instructions,
      modernVersions: runtime.supportedVersions,
      capabilities: () => this.capabilities,
      handleModern: (message, context) => handleMessage(runtime, message, context),
      subscribe: (listener) => this.bus.subscribe(listener),
      receiveHooks: () => this.middleware.receiveHooks,
      sessionEnded: (session) => this.middleware.sessionEnded(session, this.onError),
      wantsSessionEnds: () => this.middleware.wantsSessionEnds,
      sendChain: () => this.middleware.send,
      notified: (message, context, session) => notified(this.middleware, message, context, report, session),
      withMiddleware: (method, params, info, context, handler) =>
        runLegacyMethod(this.middleware, report, method, params, info, context, handler),
    });
  }

  /** The capabilities `server/discover` advertises now. */
  get capabilities(): ServerCapabilities {
    return this.advertised.current;
  }

  /**
   * Registers a tool. With a zod or Standard Schema `inputSchema`, or a shape of such fields
   * (`{ a: z.number() }`), the handler's `args` are typed and parsed; with raw JSON Schema they are
   * validated and passed as is. Throws a `TypeError` for a missing or wrong argument, a bad name
   * (S-17), a taken name, a schema the spec does not allow, or a field an extension refuses
   * (`taskSupport` on a server without `options.tasks`).
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
    checkRegistration('tool', name, config, handler);
    this.runtime.extensions.checkTool(name, config);
    const registration = register(
      this.runtime.tools,
      name,
      (c: AnyToolConfig, h: ToolHandler<I, O>) => compileTool(name, c, h),
      config,
      handler,
      () => this.advertised.markUsed('tools'),
      this.runtime.registrations,
    );
    return {
      update: ({ handler: next, ...changes }) => {
        this.runtime.extensions.checkTool(name, changes);
        registration.update(changes, next);
      },
      remove: registration.remove,
    };
  }

  /** Registers a resource at a fixed URI. */
  resource(
    uri: string,
    config: ResourceConfig,
    read: ResourceReader,
  ): RegistrationHandle<Partial<ResourceConfig> & { read?: ResourceReader }> {
    checkRegistration('resource', uri, config, read);
    const registration = register(
      this.runtime.resources.resources,
      uri,
      (c: ResourceConfig, r: ResourceReader) => compileResource(uri, c, r),
      config,
      read,
      () => this.advertised.markUsed('resources'),
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
    checkRegistration('resourceTemplate', uriTemplate, config, read);
    const registration = register(
      this.runtime.resources.templates,
      uriTemplate,
      (c: ResourceTemplateConfig<T>, r: TemplateReader<T>) => compileTemplate(uriTemplate, c, r),
      config,
      read,
      (current) => {
        this.advertised.markUsed('resources');
        if (hasCompleters(current.complete)) this.advertised.markUsed('completions');
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
    checkRegistration('prompt', name, config, handler);
    const registration = register(
      this.runtime.prompts,
      name,
      (c: PromptConfig<A>, h: PromptHandler<A>) =>
        compilePrompt(name, c as PromptConfig<PromptArgumentsInput | undefined>, h),
      config,
      handler,
      (current) => {
        this.advertised.markUsed('prompts');
        if (hasCompleters(current.complete)) this.advertised.markUsed('completions');
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
  taskScopes(
    taskId: string,
    method: TaskMethod | 'subscriptions/listen',
    auth: AuthInfo | undefined,
  ): Promise<readonly string[]> {
    return this.runtime.extensions.requestScopes(method, { taskId }, auth);
  }

  /** Adds middleware, the first added outermost: see `ServerMiddleware` and `MiddlewareHooks`. */
  use(middleware: ServerMiddleware): this;
  use(hooks: MiddlewareHooks): this;
  /** @deprecated The old form, `(call) => call.next()`: write `(ctx, next) => next()`. */
  use(middleware: Middleware): this;
  use(middleware: ServerMiddleware | Middleware | MiddlewareHooks): this {
    this.middleware.use(middleware);
    return this;
  }

  /** Tells listen streams subscribed to `uri` (or a parent of it) that it changed (S-34). */
  notifyResourceUpdated(uri: string): Promise<void> {
    return this.publish({ type: 'resources/updated', uri });
  }

  /** Serves one message; every transport calls this. A 2025-era message goes through the legacy layer. */
  handle(message: unknown, context: RequestContext): EndpointExchange {
    const legacy = this.legacy;
    if (legacy !== undefined && legacy.eraOf(message, context) === 'legacy')
      return legacy.handle(message, context);
    return handleMessage(this.runtime, message, context);
  }

  /**
   * The 2025-era HTTP sessions (`GET` stream, `DELETE`) when the server keeps them; `undefined`
   * with `legacy: 'reject'` or `{ stateless: true }`, so an HTTP transport serves `POST` only.
   */
  get sessions(): SessionEndpoint | undefined {
    return this.legacy?.sessions;
  }

  /**
   * Ends every open listen stream with its final result (S-50). Later listens close at once. The
   * 2025-era sessions of open connections (stdio) end too, as `sessionEnded` hooks hear; HTTP
   * sessions live on in the session store, which another instance may share.
   */
  async close(): Promise<void> {
    this.runtime.listens.close();
    this.legacy?.close();
  }

  private changed(kind: 'tools' | 'prompts' | 'resources'): void {
    this.advertised.changed();
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
}
