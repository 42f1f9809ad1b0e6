// The API that the "." entry and its build for browsers and workers share: everything but
// createHttpClientTransport.

export * from './client-api.js';
export {
  type Authenticate,
  type BearerAuthOptions,
  bearerAuth,
  type HttpRequestInfo,
} from './server/auth.js';
export { createFetchHandler } from './server/fetch-handler.js';
export { DEFAULT_KEEP_ALIVE_MS, DEFAULT_MAX_BODY_BYTES, type HttpServerOptions } from './server/options.js';
export type { ProtectedResourceMetadata, ResourceMetadataDocument } from './server/resource-metadata.js';
export {
  type EventStore,
  InMemoryEventStore,
  type InMemoryEventStoreOptions,
  type StoredEvent,
  type StoredReplay,
} from './server/sessions/event-store.js';
