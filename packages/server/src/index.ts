import type { Implementation } from '@mcpkit/protocol';
import { LegacyLayer } from './legacy/legacy-layer.js';
import type { LegacyOptions } from './legacy/legacy-options.js';
import { McpServerCore } from './server.js';
import type { ServerCoreOptions } from './server-options.js';

// The protocol's everyday types and values, so that a server needs no import of @mcpkit/protocol.
export type {
  CallToolResult,
  ClientCapabilities,
  ContentBlock,
  CreateMessageRequestParams,
  CreateMessageResult,
  DetailedTask,
  GetPromptResult,
  Implementation,
  LoggingLevel,
  McpEndpoint,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerCapabilities,
  Task,
  TaskStatus,
  Tool,
} from '@mcpkit/protocol';
export {
  createInMemoryTransport,
  ErrorCode,
  isMcpError,
  LATEST_PROTOCOL_VERSION,
  McpError,
  TASKS_EXTENSION,
} from '@mcpkit/protocol/internal';
export type {
  AnyToolConfig,
  ExtensionHost,
  ExtensionMethod,
  ExtensionRequestInfo,
  ServerExtension,
  ToolCallSetup,
  ToolContextMember,
} from './extensions/extension.js';
export { ExtensionResult } from './extensions/extension-result.js';
export type { FormSchemaSource } from './input/form-from-schema.js';
export type { FormContent, FormField, FormSchema } from './input/form-types.js';
export {
  type AnswerOf,
  type AskContext,
  type ElicitAnswer,
  type ElicitDeclined,
  type ElicitFormParams,
  type ElicitParams,
  type ElicitUrlParams,
  elicitation,
  type FormAnswer,
  type InputSpec,
  roots,
  sampling,
} from './input/input-spec.js';
export type { RequestStateKey, RequestStateOptions } from './input/request-state.js';
export type { AnswerRouter, RoutedAnswer } from './legacy/answer-router.js';
export type { LegacyOptions } from './legacy/legacy-options.js';
export {
  InMemorySessionStore,
  type InMemorySessionStoreOptions,
  type SessionRecord,
  type SessionStore,
} from './legacy/session-store.js';
export type { HandlerContext, Logger, McpRequestInfo } from './pipeline/context.js';
export type { ServerErrorHandler, ServerErrorInfo } from './pipeline/error-report.js';
export type {
  LegacyMethod,
  LegacyMethodTypes,
  LegacyRequestInfo,
  McpCall,
  MethodResult,
  Middleware,
  ReceivedMessageFields,
  ServerContext,
  ServerMiddleware,
  ServerResult,
  TaskMethodTypes,
  TaskRequestInfo,
} from './pipeline/middleware.js';
export type { CacheableMethod, CacheHint, CachingOptions } from './registration/caching.js';
export type { Completer, CompletionValues } from './registration/completion.js';
export type {
  PromptArgs,
  PromptArgumentConfig,
  PromptArgumentsInput,
  PromptConfig,
  PromptHandler,
  PromptResult,
} from './registration/prompts.js';
export type { RawShape, ShapeInput, ShapeOutput } from './registration/raw-shape.js';
export type {
  ReadResult,
  ResourceConfig,
  ResourceReader,
  ResourceTemplateConfig,
  TemplateReader,
} from './registration/resources.js';
export type { JsonSchema, SchemaInput } from './registration/schema-adapter.js';
export type { ScopedTarget } from './registration/scopes.js';
export { type StandardSchema, withJsonSchema } from './registration/standard-schema.js';
export type { TemplateVariableName, TemplateVariables } from './registration/template-types.js';
export {
  type HandleCaller,
  HandleError,
  type HandleRecord,
  type HandleStore,
  InMemoryHandleStore,
  ToolHandles,
  type ToolHandlesOptions,
} from './registration/tool-handles.js';
export type { ToolResult } from './registration/tool-result.js';
export type {
  ToolArgs,
  ToolConfig,
  ToolHandler,
  ToolInputSchema,
  ToolStructured,
} from './registration/tools.js';
export { UriTemplate, type UriTemplateMatch, type UriTemplateValue } from './registration/uri-template.js';
export type { RegistrationHandle } from './server-options.js';
export { type EventBus, InMemoryEventBus, type ServerEvent } from './subscriptions/event-bus.js';
export { coversUri, honouredFilter, type ListenFilter, wantsEvent } from './subscriptions/listen-filter.js';
export type { TaskContext, TaskWork, ToolContext } from './tasks/task-context.js';
export type { TaskAccess, TasksOptions } from './tasks/task-engine.js';
export {
  InMemoryTaskStore,
  type InMemoryTaskStoreOptions,
  type TaskForward,
  type TaskRecord,
  type TaskRelay,
  type TaskRunner,
  type TaskStore,
} from './tasks/task-store.js';

// The 2025 era is wired in here, and only here: the server core knows it through era-seam.ts.

/** Options of `McpServer`. */
export interface ServerOptions extends ServerCoreOptions {
  /**
   * How 2025-era clients (`initialize`, sessions) are served. Default: served, with sessions in
   * memory; `{ stateless: true }` serves them without sessions; `'reject'` refuses them with
   * `-32022` naming the supported versions (H-39). The same registrations serve both eras.
   */
  legacy?: LegacyOptions | 'reject';
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
export class McpServer extends McpServerCore {
  constructor(info: Implementation, options: ServerOptions = {}) {
    const legacy = options.legacy;
    super(info, options, (host) =>
      legacy === 'reject' ? new LegacyLayer(host, true) : new LegacyLayer(host, false, legacy),
    );
  }
}
