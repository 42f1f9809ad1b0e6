// The "./modern" entry for browsers and workers: its client transport sends through `fetch` only.
export { createHttpClientTransport } from './client/create-transport-modern-fetch.js';
export type { HttpEngine } from './client/engine.js';
export { MAX_REDIRECTS, type RedirectPolicy } from './client/redirects.js';
export {
  type HttpAuthProvider,
  type HttpAuthRequest,
  type HttpClientTransportOptions,
  MAX_AUTH_RETRIES,
} from './client/transport-options.js';
