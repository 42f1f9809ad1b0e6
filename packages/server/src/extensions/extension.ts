import type { ClientCapabilities } from '@mcpkit/protocol';
import type { McpRequestInfo } from '../pipeline/context.js';
import type { ServerErrorHandler } from '../pipeline/error-report.js';
import type { SchemaInput } from '../registration/schema-adapter.js';
import type { ScopedTarget } from '../registration/scopes.js';
import type { ToolConfig } from '../registration/tools.js';
import type { ServerEvent } from '../subscriptions/event-bus.js';
import type { ToolContext } from '../tasks/task-context.js';

/** What a handler of an extension's method, and middleware, know about the request: its method is the extension's. */
export interface ExtensionRequestInfo extends Omit<McpRequestInfo, 'method'> {
  readonly method: string;
}

/**
 * A method an extension serves. The server finds it at step 5 of its pipeline (an unknown method
 * is `-32601`), after the checks every request gets (envelope, `_meta`, headers, version).
 *
 * @example
 * ```ts
 * const say: ExtensionMethod<string> = {
 *   check(params) {
 *     if (typeof params.text !== 'string') throw McpError.invalidParams('echo/say: params.text must be a string');
 *     return params.text;
 *   },
 *   run: async (text) => ({ resultType: 'complete', echoed: text }),
 * };
 * ```
 */
export interface ExtensionMethod<P = Record<string, unknown>> {
  /**
   * Step 6, before middleware: checks the params and what the request must have declared; throw
   * an `McpError` to refuse it (`McpError.invalidParams`, `McpError.missingRequiredClientCapability`).
   * Returns the params as `run` takes them. Default: the params as sent.
   */
  check?(params: Record<string, unknown>, request: ExtensionRequestInfo): P;
  /** Step 7, inside middleware: the handler. Resolves with the result (`resultType` included). */
  run(params: P, request: ExtensionRequestInfo): Promise<Record<string, unknown>>;
}

/** A tool configuration as registered (or updated), the handler aside. */
export type AnyToolConfig = ToolConfig<SchemaInput | undefined, SchemaInput | undefined>;

/** A `tools/call` as an extension sees it at step 6, once the tool is found. */
export interface ToolCallSetup {
  /** The tool's name. */
  readonly tool: string;
  /** The tool's configuration as registered (or last updated). */
  readonly config: Readonly<AnyToolConfig>;
  /** The request; its `clientCapabilities` say which extensions this request declared. */
  readonly request: McpRequestInfo;
  /**
   * Checks `value` as this tool's result, as the server checks what a handler returns (the result
   * shape, the output schema): for results an extension produces later, away from the call.
   */
  checkResult(value: unknown): Record<string, unknown> | Promise<Record<string, unknown>>;
}

/**
 * A member of a tool handler's context: its value, computed when read from the context and the
 * extension's state for the call. (Written as a method's type so an extension of any state fits
 * `ServerExtension`.)
 */
export type ToolContextMember<S> = {
  member(ctx: ToolContext, state: S | undefined): unknown;
}['member'];

/** What the server offers an extension when it is set up. */
export interface ExtensionHost {
  /** Publishes on the server's event bus (listen streams hear it). */
  publish(event: ServerEvent): Promise<void>;
  /** The server's `onError`. */
  readonly onError: ServerErrorHandler;
  /** `McpServer.requiredScopes`. */
  requiredScopes(target: ScopedTarget): readonly string[];
}

/**
 * A plug-in that adds to what a server speaks: methods, an entry in the capabilities it
 * advertises, result types, members of a tool handler's context, fields of a listen filter. Give
 * it in `ServerOptions.extensions`; the tasks extension is built this way (`ServerOptions.tasks`).
 * An extension object serves one server: write a function that makes one.
 *
 * `S` is the extension's state for one `tools/call`, made by `toolCall` and handed to its
 * `toolContext` members. Type the members for handlers by augmenting `ToolContext`.
 *
 * @example
 * ```ts
 * declare module '@mcpkit/server' {
 *   interface ToolContext { readonly shout: (text: string) => string }
 * }
 * const shout = (): ServerExtension => ({
 *   id: 'io.example/shout',
 *   methods: { 'shout/ping': { run: async () => ({ resultType: 'complete', pong: true }) } },
 *   toolContext: { shout: () => (text: string) => text.toUpperCase() },
 * });
 * const server = new McpServer(info, { extensions: [shout()] });
 * server.tool('loud', { inputSchema: { text: z.string() } }, ({ text }, ctx) => ({
 *   content: [{ type: 'text', text: ctx.shout(text) }],
 * }));
 * ```
 */
export interface ServerExtension<S = unknown> {
  /** The extension's identifier, `vendor-prefix/name` (e.g. `io.modelcontextprotocol/tasks`). */
  readonly id: string;
  /**
   * What `server/discover` advertises under `capabilities.extensions[id]` (a declared
   * `ServerOptions.capabilities.extensions[id]` wins). Default `{}`; `false` advertises nothing.
   * The 2025 era's `initialize` has no `extensions`: it never shows them.
   */
  readonly settings?: Record<string, unknown> | false;
  /** Called once, by the server's constructor, before the server serves anything. */
  setup?(host: ExtensionHost): void;
  /** The methods it serves, by name. Requests to them pass through the server's middleware. */
  readonly methods?: Readonly<Record<string, ExtensionMethod<unknown>>>;
  /**
   * The `resultType`s beyond `complete` and `input_required` its handlers may answer with, each
   * with which requests may get it (e.g. `task`: a `tools/call` that declared the extension).
   * Any other is a server fault (`-32603`).
   */
  readonly resultTypes?: Readonly<
    Record<string, (method: string, clientCapabilities: ClientCapabilities) => boolean>
  >;
  /** Checks the fields of a tool configuration given to `server.tool` or its `update`; throw a `TypeError`. */
  checkTool?(name: string, config: Readonly<Partial<AnyToolConfig>>): void;
  /**
   * Step 6 of every `tools/call`, once the tool is found: may refuse it (throw an `McpError`);
   * what it returns is this extension's state for the call, read by its `toolContext` members.
   */
  toolCall?(call: ToolCallSetup): S | undefined;
  /**
   * Members of a tool handler's `ctx`, each computed when read from the context and this
   * extension's state for the call (`undefined` when `toolCall` gave none).
   */
  readonly toolContext?: Readonly<Record<string, ToolContextMember<S>>>;
  /**
   * Step 6 of `subscriptions/listen`: reads the fields of the requested filter this extension
   * defines and returns those the stream honours (they are acknowledged and filter its events);
   * `undefined` when the request has none. May refuse the request (throw an `McpError`).
   */
  listenFilter?(
    requested: Readonly<Record<string, unknown>>,
    request: McpRequestInfo,
  ): Record<string, unknown> | Promise<Record<string, unknown>> | undefined;
  /**
   * The scopes a request needs of its own, for an authorization layer (`McpServer.taskScopes`):
   * e.g. those of the tool that made the task a request names. `[]` for a request it has no say
   * in; the server merges what every extension answers.
   */
  requestScopes?(
    method: string,
    params: Readonly<Record<string, unknown>>,
    auth: McpRequestInfo['auth'],
  ): Promise<readonly string[]>;
}
