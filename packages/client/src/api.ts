// The API that @mcpkit/client and @mcpkit/client/modern share: everything but McpClient, whose two
// builds differ in whether they can fall back to 2025-era servers.

// The protocol's everyday types and values, so that a client needs no import of @mcpkit/protocol.
export type {
  CallToolResult,
  ClientCapabilities,
  ClientTransport,
  CompleteRequestParams,
  CompleteResult,
  ContentBlock,
  CreateMessageRequestParams,
  CreateMessageResult,
  DetailedTask,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ElicitResult,
  Exchange,
  ExchangeMessage,
  ExchangeOptions,
  GetPromptResult,
  Implementation,
  InputRequiredResult,
  InputResponses,
  JSONRPCNotification,
  JSONRPCRequest,
  ListPromptsResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ListToolsResult,
  LoggingLevel,
  LoggingMessageNotificationParams,
  PrimitiveSchemaDefinition,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Root,
  ServerCapabilities,
  SubscriptionFilter,
  Task,
  TaskStatus,
  Tool,
  TransportErrorReason,
} from '@mcpkit/protocol';
// Values from the entry that loads no schema library, so importing the client loads no zod.
export {
  createInMemoryTransport,
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  McpError,
  MODERN_PROTOCOL_VERSIONS,
  TASKS_EXTENSION,
  TransportError,
} from '@mcpkit/protocol/internal';
export { type CachedResult, type CacheStore, isFresh, MemoryCacheStore } from './cache-store.js';
export type {
  CallResult,
  ClientCall,
  ClientCallOptions,
  ClientHooks,
  ClientMethod,
  ClientMiddleware,
  ClientNext,
} from './call.js';
export { DEFAULT_CLIENT_INFO } from './client-parts.js';
export {
  type Era,
  type EraEvidence,
  type EraOption,
  type EraSettings,
  type EraStep,
  type EraVerdict,
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
  ServerStreamRefusedError,
  SubscriptionClosedError,
  UnsupportedByServerError,
} from './errors.js';
export type { FormElicitation, InputHandlerContext, InputHandlers, InputRequiredMethod } from './handlers.js';
export type { ListenNotification } from './listen-checks.js';
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
  Progress,
} from './options.js';
export type { ServerDescription } from './probe.js';
export { Subscription } from './subscription.js';
export type { TaskCallOptions, TaskSupport, TasksClientOptions } from './task-options.js';
export { followTasks, type ResumeTaskOptions, TaskCancelledError } from './tasks.js';
