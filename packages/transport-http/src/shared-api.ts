// The API that the "." entry and its build for browsers and workers share: everything but
// createHttpClientTransport.
export { type Authenticate, type BearerAuthOptions, bearerAuth, type HttpRequestInfo } from './auth.js';
export * from './client-api.js';
export {
  type EventStore,
  InMemoryEventStore,
  type InMemoryEventStoreOptions,
  type StoredEvent,
} from './event-store.js';
export { createFetchHandler } from './fetch-handler.js';
export { DEFAULT_KEEP_ALIVE_MS, DEFAULT_MAX_BODY_BYTES, type HttpServerOptions } from './options.js';
export type { ProtectedResourceMetadata, ResourceMetadataDocument } from './resource-metadata.js';
