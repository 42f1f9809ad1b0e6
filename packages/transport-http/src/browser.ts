// The "." entry for browsers and workers (the `browser`, `worker` and `workerd` conditions): the same
// API, whose client transport sends through `fetch` only, so no Node sender is bundled.
export { createHttpClientTransport } from './client/create-transport-fetch.js';
export * from './shared-api.js';
