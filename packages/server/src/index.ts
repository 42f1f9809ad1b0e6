export { McpError } from '@mcpkit/protocol';
export type { CacheableMethod, CacheHint, CachingOptions } from './caching.js';
export type { Completer, CompletionValues } from './completion.js';
export type { HandlerContext, Logger, RequestInfo } from './context.js';
export { type EventBus, InMemoryEventBus, type ServerEvent } from './event-bus.js';
export type { FormContent, FormField, FormSchema } from './form-types.js';
export { coversUri, honouredFilter, wantsEvent } from './listen-filter.js';
export type { McpCall, MethodResult, Middleware } from './middleware.js';
export {
  type AnswerOf,
  type ElicitAnswer,
  type ElicitDeclined,
  type ElicitFormParams,
  type ElicitParams,
  type ElicitUrlParams,
  elicitation,
  type InputContext,
  type InputSpec,
  roots,
  sampling,
} from './mrtr.js';
export type {
  PromptArgs,
  PromptArgumentConfig,
  PromptArgumentsInput,
  PromptConfig,
  PromptHandler,
  PromptResult,
} from './prompts.js';
export type { RequestStateKey, RequestStateOptions } from './request-state.js';
export type {
  ReadResult,
  ResourceConfig,
  ResourceReader,
  ResourceTemplateConfig,
  TemplateReader,
} from './resources.js';
export type { JsonSchema, SchemaInput } from './schema-adapter.js';
export { McpServer, type RegistrationHandle, type ServerOptions } from './server.js';
export type { TemplateVariableName, TemplateVariables } from './template-types.js';
export {
  type HandleCaller,
  HandleError,
  type HandleRecord,
  type HandleStore,
  InMemoryHandleStore,
  ToolHandles,
  type ToolHandlesOptions,
} from './tool-handles.js';
export type { ToolArgs, ToolConfig, ToolHandler, ToolResult, ToolStructured } from './tools.js';
export { UriTemplate, type UriTemplateMatch, type UriTemplateValue } from './uri-template.js';
