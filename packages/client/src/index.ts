// @mcpkit/client: the shared API and the McpClient that also speaks to 2025-era servers.
export * from './api.js';
export { McpClient } from './mcp-client.js';
