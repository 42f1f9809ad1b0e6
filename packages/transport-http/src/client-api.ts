// What every entry exports for the HTTP client transport besides createHttpClientTransport, whose
// builds differ by entry (the Node sender or fetch only, with or without the 2025-era wire).
export {
  type HttpAuthProvider,
  type HttpAuthRequest,
  type HttpClientTransportOptions,
  type HttpEngine,
  MAX_AUTH_RETRIES,
  MAX_REDIRECTS,
  type RedirectPolicy,
} from './client/transport-options.js';
