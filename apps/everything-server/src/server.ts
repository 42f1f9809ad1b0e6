import { McpServer, type ServerOptions } from '@mcpkit/server';
import { registerContentTools } from './content-tools.js';
import { registerDiagnosticTools } from './diagnostic-tools.js';
import { registerInputTools } from './input-tools.js';
import { registerLegacyTools } from './legacy-tools.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerSchemaTools } from './schema-tools.js';
import { registerTaskTools } from './task-tools.js';

/** The name and version the server reports in every result's `_meta`. */
export const SERVER_INFO = { name: 'mcpkit-everything-server', version: '0.0.0' } as const;

/**
 * The everything server: one definition of every tool, resource, prompt, completion and
 * multi round-trip flow the MCP conformance suite expects, served as is by `dist/http.js` and
 * `dist/stdio.js`.
 *
 * @example
 * ```ts
 * import { serveStdio } from '@mcpkit/transport-stdio';
 * serveStdio(createEverythingServer());
 * ```
 */
export function createEverythingServer(
  options: Pick<ServerOptions, 'requestState' | 'onError'> = {},
): McpServer {
  const server = new McpServer(SERVER_INFO, {
    ...options,
    instructions:
      'A test server: every tool, resource and prompt named test_* returns fixed content the MCP conformance suite checks.',
    // Logging is declared so test_logging_tool can log when a request asks for it (S-68).
    capabilities: { logging: {} },
    // The tasks extension (SEP-2663), for the tasks-* scenarios and the demo of long calls.
    tasks: { pollIntervalMs: 500 },
  });
  registerContentTools(server);
  const editablePrompt = registerPrompts(server);
  registerDiagnosticTools(server, editablePrompt);
  registerInputTools(server);
  registerSchemaTools(server);
  registerLegacyTools(server);
  registerTaskTools(server);
  registerResources(server);
  return server;
}
