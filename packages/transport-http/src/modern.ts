// The "./modern" entry: a client transport that speaks MCP 2026-07-28 only (no 2025-era wire).
export { createHttpClientTransport } from './client/create-transport-modern.js';
export * from './client-api.js';
