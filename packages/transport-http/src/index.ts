// The "." entry: the shared API, whose client transport sends through node:http on Node.js by default.
export { createHttpClientTransport } from './client/create-transport.js';
export * from './shared-api.js';
