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
export { McpServer } from './server.js';
export type { RegistrationHandle, ServerOptions } from './server-options.js';
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
