/**
 * `@mcpkit/protocol/internal`: plumbing the mcpkit packages share and applications do not use
 * (performance helpers, generic guards). It follows no semver promise and may change in any
 * release; import the public API from `@mcpkit/protocol`.
 *
 * Importing it loads no schema library: it also re-exports, unchanged, the parts of the public API
 * that need none, so a package that imports only from here starts without zod. The schemas come
 * through `loadSchemas` of `@mcpkit/protocol/schema-loader` when a message needs them, and the JSON
 * Schema validator from `@mcpkit/protocol/json-schema`, which a client loads with `import()` on first
 * need. That `import()` must not be here: see `packages/client/src/json-schema-loader.ts`.
 *
 * @internal
 * @packageDocumentation
 */
export { abortable } from './abortable.js';
export { type Check, compileCheck } from './check.js';
export { type ClientSchemaSet, loadClientSchemas } from './client-schema-loader.js';
export { clipForMessage } from './clip.js';
export { closeQuietly, ITERATION_DONE, SETTLED_DONE } from './close-quietly.js';
export {
  httpStatusFor,
  isTransportError,
  responseText,
  TransportError,
} from './contracts.js';
export { decodeMessage, isRequestId, parseJson } from './decode.js';
export { describeFailure } from './decode-with.js';
export {
  disallowedErrorReason,
  ErrorCode,
  errorFinal,
  isMcpError,
  isResourceNotFound,
  McpError,
  sendableError,
  toErrorResponse,
} from './errors.js';
export type { ExchangeReader, ReadableExchange } from './exchange-reader.js';
export { decodeHeaderValue, encodeHeaderValue, isFieldValue, trimFieldValue } from './header-value.js';
export { createInMemoryTransport } from './in-memory.js';
export { isRecord } from './is-record.js';
export type { CompiledJsonSchema } from './json-schema.js';
export { jsonWithout } from './json-without.js';
export { LazyAbort } from './lazy-abort.js';
export { LazyRequestContext, LeanRequestContext } from './lazy-context.js';
export { isLegacyMethod, LEGACY_METHODS, type LegacyMethod } from './legacy/method-names.js';
export { MAX_COMPLETION_VALUES } from './limits.js';
export { LOGGING_LEVELS } from './logging-levels.js';
export {
  extractMcpHeaderValues,
  McpHeader,
  mirroredNameParam,
  readMcpHeaderAnnotations,
  requestHeaders,
  valueAtPath,
} from './mcp-header.js';
export { MetaKey, readRequestMeta, requestMeta, subscriptionIdOf } from './meta.js';
export { knownMethod, type MethodInfo, methodInfo, methodInfos } from './method-info.js';
export { compose, networkOf } from './middleware.js';
export { writeCancel } from './mux/cancel.js';
export { ClientMux, type ClientMuxOptions } from './mux/client-mux.js';
export { isAppliedCancel } from './mux/exchange-context.js';
export {
  type ClientMessage,
  type LinkClientOptions,
  LinkClientTransport,
  type MessageLink,
} from './mux/link-client.js';
export { Outbox, type OutboxSink } from './mux/outbox.js';
export { type ExchangeOwner, PendingExchange } from './mux/pending-exchange.js';
export { ServerMux, type ServerMuxOutput } from './mux/server-mux.js';
export { ServerRequestSlot } from './mux/server-request-slot.js';
export {
  isAcknowledgedParams,
  isNotificationParams,
  isResourceUpdatedParams,
} from './notification-shapes.js';
export { surelyCallToolResult, surelyValidParams } from './quick-checks.js';
export { applyResultDefaults, decodeResultWithoutSchemas } from './read-result.js';
export { type BodyChunks, type ByteSource, joinChunks, readWithin } from './read-within.js';
export {
  keepsRequestContext,
  type RequestContextClass,
  requestContextClass,
} from './request-context-class.js';
export { ConstantMeta, requestText } from './request-text.js';
export type { SchemaSet } from './schema-loader.js';
export { sleep } from './sleep.js';
export {
  isTaskMethod,
  isTerminalTaskStatus,
  TASK_METHODS,
  TASKS_EXTENSION,
  type TaskMethod,
} from './task-methods.js';
export {
  chooseProtocolVersion,
  isModernProtocolVersion,
  LATEST_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
} from './versions.js';
export {
  type AuthorizationToken,
  type Challenge,
  type ChallengeError,
  challengeStatus,
  readAuthorization,
  wwwAuthenticate,
} from './www-authenticate.js';
