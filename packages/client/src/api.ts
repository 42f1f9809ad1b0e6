// The API that @mcpkit/client and @mcpkit/client/modern share: everything but McpClient, whose two
// builds differ in whether they can fall back to 2025-era servers.

// The protocol's everyday types and values, so that a client needs no import of @mcpkit/protocol.
export {
  type CallToolResult,
  type ClientCapabilities,
  type ClientTransport,
  type CompleteRequestParams,
  type CompleteResult,
  type ContentBlock,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  createInMemoryTransport,
  type DetailedTask,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  ErrorCode,
  type Exchange,
  type ExchangeMessage,
  type ExchangeOptions,
  type GetPromptResult,
  type Implementation,
  type InputRequiredResult,
  type InputResponses,
  type JSONRPCNotification,
  type JSONRPCRequest,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type LoggingLevel,
  type LoggingMessageNotificationParams,
  McpError,
  MODERN_PROTOCOL_VERSIONS,
  type PrimitiveSchemaDefinition,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type Root,
  type ServerCapabilities,
  type SubscriptionFilter,
  TASKS_EXTENSION,
  type Task,
  type TaskStatus,
  type Tool,
  TransportError,
  type TransportErrorReason,
} from '@mcpkit/protocol';
export { type CachedResult, type CacheStore, isFresh, MemoryCacheStore } from './cache.js';
export type {
  CallResult,
  ClientCall,
  ClientCallOptions,
  ClientMethod,
  ClientMiddleware,
  ClientNext,
} from './call.js';
export { DEFAULT_CLIENT_INFO } from './client.js';
export {
  type Era,
  type EraEvidence,
  type EraOption,
  type EraSettings,
  type EraStep,
  type InitializeOutcome,
  nextEraStep,
} from './era.js';
export {
  InputRequiredError,
  type InputRequiredFailure,
  InvalidResponseError,
  InvalidToolError,
  LegacyServerError,
  McpClientError,
  MissingClientCapabilityError,
  NoCommonVersionError,
  RequestAbortedError,
  RequestTimeoutError,
  ResourceNotFoundError,
  SubscriptionClosedError,
  UnsupportedByServerError,
} from './errors.js';
export type { Progress } from './exchange.js';
export type { FormElicitation, InputHandlerContext, InputHandlers, InputRequiredMethod } from './handlers.js';
export type {
  AutoInputOptions,
  CacheableCallOptions,
  CacheMode,
  CacheOptions,
  CallOptions,
  ClientWarning,
  InputCallOptions,
  ManualInputOptions,
  McpClientOptions,
} from './options.js';
export type { ServerDescription } from './probe.js';
export { type ListenNotification, Subscription } from './subscription.js';
export {
  followTasks,
  type ResumeTaskOptions,
  type TaskCallOptions,
  TaskCancelledError,
  type TaskSupport,
  type TasksClientOptions,
} from './tasks.js';
