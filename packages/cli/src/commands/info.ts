import type { ServerDescription } from '@mcpkit/client';
import { type RegisterCommand, serverCommand, withServer } from '../command.js';

/** What `info --json` prints: the server's description without the raw discover/initialize result. */
export function infoJson(server: ServerDescription) {
  return {
    era: server.era,
    protocolVersion: server.protocolVersion,
    supportedVersions: server.supportedVersions,
    serverInfo: server.serverInfo ?? null,
    capabilities: server.capabilities,
    instructions: server.instructions ?? null,
  };
}

/** One capability as a word, with its sub-flags in parentheses: `resources (subscribe, listChanged)`. */
function capabilityLine(name: string, value: unknown): string {
  if (value === null || typeof value !== 'object') return name;
  const flags = Object.entries(value)
    .filter(([, flag]) => flag !== false && flag !== undefined)
    .map(([flag]) => flag);
  return flags.length === 0 ? name : `${name} (${flags.join(', ')})`;
}

/** `info` for a person: one line per fact, then the instructions. */
export function infoText(server: ReturnType<typeof infoJson>): string {
  const name = server.serverInfo ? `${server.serverInfo.name} ${server.serverInfo.version}` : '(unnamed)';
  const era = server.era === 'modern' ? '2026-07-28 era, stateless' : '2025 era, initialize';
  const capabilities = Object.entries(server.capabilities).map(([key, value]) => capabilityLine(key, value));
  const lines = [
    `Server:       ${name}`,
    `Protocol:     ${server.protocolVersion} (${era})`,
    `Supports:     ${server.supportedVersions.join(', ')}`,
    `Capabilities: ${capabilities.length === 0 ? 'none' : capabilities.join(', ')}`,
  ];
  if (server.instructions)
    lines.push('Instructions:', ...server.instructions.split('\n').map((l) => `  ${l}`));
  return lines.join('\n');
}

export const info: RegisterCommand = (program, context) => {
  serverCommand(program, 'info', 'What the server is: versions, capabilities and instructions.', [
    'mcpkit info http://localhost:3000/mcp',
    'mcpkit info --json -- node server.js',
  ]).action(
    withServer(context, async ({ connection, output }) => {
      output.result(infoJson(connection.server), infoText);
      return undefined;
    }),
  );
};
