// @mcpkit/client/modern: the API of @mcpkit/client, whose McpClient speaks MCP 2026-07-28 only.
export * from './api.js';
export { McpClient } from './modern-client.js';
