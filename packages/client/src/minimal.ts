// @mcpkit/client/minimal: the API of @mcpkit/client, whose McpClient speaks MCP 2026-07-28 only and
// checks with the JSON Schema validator the application names (`validateWith`), or none.
export * from './api.js';
export type { JsonSchemaCompiler } from './json-schema-supply.js';
export { McpClient, type MinimalClientOptions } from './minimal-client.js';
