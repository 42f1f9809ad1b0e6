// The "./modern" entry for browsers and workers: its client transport sends through `fetch` only.
export { createHttpClientTransport } from './client/create-transport-modern-fetch.js';
export * from './client-api.js';
