// The "." entry for browsers and workers (the `browser`, `worker` and `workerd` conditions): the same
// API, whose client transport sends through `fetch` only, so no Node sender is bundled.
export { type Authenticate, type BearerAuthOptions, bearerAuth, type HttpRequestInfo } from './auth.js';
export { createHttpClientTransport } from './client/create-transport-fetch.js';
export type { HttpEngine } from './client/engine.js';
export { MAX_REDIRECTS, type RedirectPolicy } from './client/redirects.js';
export {
  type HttpAuthProvider,
  type HttpAuthRequest,
  type HttpClientTransportOptions,
  MAX_AUTH_RETRIES,
} from './client/transport-options.js';
export {
  type EventStore,
  InMemoryEventStore,
  type InMemoryEventStoreOptions,
  type StoredEvent,
} from './event-store.js';
export { createFetchHandler } from './fetch-handler.js';
export { DEFAULT_KEEP_ALIVE_MS, DEFAULT_MAX_BODY_BYTES, type HttpServerOptions } from './options.js';
export type { ProtectedResourceMetadata, ResourceMetadataDocument } from './resource-metadata.js';
