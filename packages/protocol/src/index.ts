export type { AuthInfo } from './auth-info.js';
export { clipForMessage, MESSAGE_EXCERPT_LENGTH } from './clip.js';
export {
  type ClientTransport,
  type EndpointExchange,
  type EndpointItem,
  type Exchange,
  type ExchangeMessage,
  type ExchangeOptions,
  type FailureReason,
  type FinalResponse,
  type HttpRequestInfo,
  httpStatusFor,
  isTransportError,
  type LegacyClientWire,
  type LegacySession,
  type McpEndpoint,
  type RequestContext,
  responseText,
  type ServerRequestContext,
  type ServerRequestHandler,
  type ServerRequestResponse,
  type SessionEndpoint,
  type SessionRefusal,
  type StreamOpening,
  TransportError,
  type TransportErrorReason,
} from './contracts.js';
export {
  type Decoded,
  type DecodedMessage,
  decodeMessage,
  isRequestId,
  type MessageDecodeResult,
  parseJson,
} from './decode.js';
export { decodeParams } from './decode-params.js';
export { decodeWith } from './decode-with.js';
export {
  disallowedErrorCodeReason,
  disallowedErrorReason,
  ErrorCode,
  errorFinal,
  isMcpError,
  isResourceNotFound,
  LEGACY_RESOURCE_NOT_FOUND,
  McpError,
  type MissingCapabilityData,
  sendableError,
  toErrorResponse,
  type UnsupportedVersionData,
} from './errors.js';
export { decodeHeaderValue, encodeHeaderValue } from './header-value.js';
export {
  ICON_MIME_TYPES,
  iconContentProblem,
  iconSourceProblem,
  MAX_ICON_BYTES,
  sniffImageType,
} from './icons.js';
export { createInMemoryTransport, type InMemoryTransportOptions } from './in-memory.js';
export {
  type CompiledJsonSchema,
  compileJsonSchema,
  type JsonSchemaCompileResult,
  type JsonSchemaDialect,
  type JsonSchemaLimits,
  type JsonSchemaVerdict,
  SUPPORTED_JSON_SCHEMA_DIALECTS,
} from './json-schema.js';
export { decodeLegacyParams, decodeLegacyResult } from './legacy/decode.js';
export {
  isLegacyMethod,
  LEGACY_METHODS,
  type LegacyMethod,
  type LegacyNotificationMethod,
} from './legacy/method-names.js';
export {
  type InitializeRequestParams,
  InitializeRequestParamsSchema,
  type InitializeResult,
  InitializeResultSchema,
  type LegacyClientCapabilities,
  LegacyClientCapabilitiesSchema,
  type LegacyEmptyResult,
  LegacyEmptyResultSchema,
  type LegacyMethodSpec,
  type LegacyParamsOf,
  type LegacyResultOf,
  type LegacyServerCapabilities,
  LegacyServerCapabilitiesSchema,
  legacyMethods,
  type SetLevelRequestParams,
  SetLevelRequestParamsSchema,
  type SubscribeRequestParams,
  SubscribeRequestParamsSchema,
  type UnsubscribeRequestParams,
  UnsubscribeRequestParamsSchema,
} from './legacy/schemas.js';
export { LOGGING_LEVELS } from './logging-levels.js';
export {
  extractMcpHeaderValues,
  McpHeader,
  type McpHeaderAnnotation,
  type McpHeaderAnnotations,
  mirroredNameParam,
  readMcpHeaderAnnotations,
  requestHeaders,
} from './mcp-header.js';
export {
  invalidMetaKeys,
  isReservedMetaKey,
  isValidBaggage,
  isValidExtensionId,
  isValidMetaKey,
  isValidTraceparent,
  isValidTracestate,
  MetaKey,
  type RequestMetaFields,
  readRequestMeta,
  readTraceContext,
  requestMeta,
  subscriptionIdOf,
  type TraceContext,
} from './meta.js';
export {
  type Method,
  type MethodSpec,
  methodSpec,
  methods,
  type NotificationMethod,
  type NotificationSpec,
  notificationSpec,
  notifications,
  type ParamsOf,
  type ResultOf,
} from './methods.js';
export {
  type Chain,
  compose,
  type MessageContext,
  type MessageMiddleware,
  type Middleware,
  type MiddlewareHooks,
  type Next,
  type SessionEnd,
} from './middleware.js';
export type { CancelSender } from './mux/cancel.js';
export type { NetworkPeer } from './network.js';
export type { ResultDecodeOptions } from './read-result.js';
export { type RecordedMessage, type RecordedSession, replaySession } from './replay.js';
export { decodeResult, type ExtensionResult, type ExtensionResultOf } from './results.js';
export * from './schemas/index.js';
export { type WireTypeName, wireSchemas } from './schemas/registry.js';
export type { PeerChannel, SessionInfo } from './session-contracts.js';
export {
  type CreateTaskResult,
  CreateTaskResultSchema,
  type DetailedTask,
  DetailedTaskSchema,
  type GetTaskResult,
  isTaskMethod,
  isTerminalTaskStatus,
  TASK_AUGMENTABLE_METHODS,
  TASK_METHODS,
  TASKS_EXTENSION,
  type Task,
  type TaskError,
  type TaskMethod,
  type TaskStatus,
  type TaskStatusNotificationParams,
} from './tasks.js';
export {
  chooseProtocolVersion,
  isModernProtocolVersion,
  JSONRPC_VERSION,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
} from './versions.js';
export { decodeAs } from './wire.js';
export { type Challenge, type ChallengeError, wwwAuthenticate } from './www-authenticate.js';
