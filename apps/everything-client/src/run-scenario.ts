import {
  LEGACY_PROTOCOL_VERSIONS,
  McpClient,
  type McpClientOptions,
  MODERN_PROTOCOL_VERSIONS,
} from '@mcpkit/client';
import { createHttpClientTransport, type HttpClientTransportOptions } from '@mcpkit/transport-http';
import { autoAnswerHandlers } from './auto-answer.js';
import type { ScenarioRun } from './scenario.js';
import { scenarios } from './scenarios.js';

/** The client's identity in every request's `_meta`. */
export const CLIENT_INFO = { name: 'mcpkit-everything-client', version: '0.0.0' } as const;

/** What the suite passes to a client under test. */
export interface ConformanceInvocation {
  /** The mock server's URL (the command's last argument). */
  url: string | undefined;
  /** `MCP_CONFORMANCE_SCENARIO`. */
  scenario: string | undefined;
  /** `MCP_CONFORMANCE_PROTOCOL_VERSION`. */
  protocolVersion: string | undefined;
  /** `MCP_CONFORMANCE_CONTEXT`, unparsed. */
  context: string | undefined;
}

/** A scenario this client cannot play, found before anything is sent. */
export class UnsupportedScenarioError extends Error {
  override name = 'UnsupportedScenarioError';
}

/**
 * Checks an invocation and returns how to play it, or throws `UnsupportedScenarioError` at once:
 * unknown scenarios, protocol versions before 2026-07-28, a missing URL or a context that is not a
 * JSON object.
 */
export function planScenario(invocation: ConformanceInvocation): {
  url: string;
  name: string;
  protocolVersion: string | undefined;
  context: ScenarioRun['context'];
} {
  const { url, scenario, protocolVersion, context } = invocation;
  if (!scenario) throw new UnsupportedScenarioError('MCP_CONFORMANCE_SCENARIO is not set');
  if (!Object.hasOwn(scenarios, scenario)) {
    throw new UnsupportedScenarioError(
      `unknown scenario ${scenario}; known: ${Object.keys(scenarios).join(', ')}`,
    );
  }
  const known = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];
  if (protocolVersion && !known.includes(protocolVersion)) {
    throw new UnsupportedScenarioError(
      `protocol version ${protocolVersion}: this client speaks ${known.join(', ')} only`,
    );
  }
  if (!url || !/^https?:\/\//.test(url))
    throw new UnsupportedScenarioError('the last argument must be the server URL');
  let parsed: unknown = {};
  if (context) {
    try {
      parsed = JSON.parse(context);
    } catch {
      throw new UnsupportedScenarioError('MCP_CONFORMANCE_CONTEXT is not JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UnsupportedScenarioError('MCP_CONFORMANCE_CONTEXT is not a JSON object');
    }
  }
  return { url, name: scenario, protocolVersion, context: parsed as ScenarioRun['context'] };
}

/**
 * The versions to offer when the suite names one: a 2026 version is the only modern one; a
 * 2025-era version is the one `initialize` offers after the client detected the older server
 * (the era stays `auto`: the client finds out by itself).
 */
function versionOptions(version: string | undefined): McpClientOptions {
  if (version === undefined) return {};
  if (LEGACY_PROTOCOL_VERSIONS.includes(version)) return { legacyProtocolVersions: [version] };
  return { protocolVersions: [version] };
}

/**
 * Plays one planned scenario against its server with fresh clients (answering every input
 * request automatically), then closes them. Rejects with what went wrong.
 */
export async function playScenario(
  plan: ReturnType<typeof planScenario>,
  log: (line: string) => void,
): Promise<void> {
  const clients: McpClient[] = [];
  const run: ScenarioRun = {
    context: plan.context,
    log,
    url: plan.url,
    client(options: McpClientOptions = {}, http?: HttpClientTransportOptions) {
      const client = new McpClient(createHttpClientTransport(plan.url, http), {
        clientInfo: CLIENT_INFO,
        handlers: autoAnswerHandlers(),
        timeoutMs: 20_000,
        probeTimeoutMs: 10_000,
        ...versionOptions(plan.protocolVersion),
        onWarning: (warning) => log(`warning: ${JSON.stringify(warning)}`),
        ...options,
      });
      clients.push(client);
      return client;
    },
  };
  try {
    await scenarios[plan.name]!(run);
  } finally {
    await Promise.allSettled(clients.map((client) => client.close()));
  }
}
