// What the HTTP client does after an unusual reply: follow a redirect, retry after a 401 or 403.
// `http-client-transport.ts` loads it (`import()`) with the first such reply, so a bundle of a
// client whose server answers directly does not load it.
export { retryUnauthorized } from './auth-retry.js';
export { followRedirects } from './redirects.js';
