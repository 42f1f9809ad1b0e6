export { type CachedResult, type CacheStore, isFresh, MemoryCacheStore } from './cache.js';
export type {
  CallResult,
  ClientCall,
  ClientCallOptions,
  ClientMethod,
  ClientMiddleware,
  ClientNext,
} from './call.js';
export { declaredCapabilities, supportedFilter, unacknowledged } from './capabilities.js';
export { DEFAULT_CLIENT_INFO, McpClient } from './client.js';
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
export type { Progress, TimeoutLimits } from './exchange.js';
export type { FormElicitation, InputContext, InputHandlers, InputRequiredMethod } from './handlers.js';
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
export { type ProbeOutcome, type ProbeVerdict, probeVerdict, versionAfterRefusal } from './version.js';
