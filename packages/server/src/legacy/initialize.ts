import type { Implementation, LegacyClientCapabilities } from '@mcpkit/protocol';
import { ErrorCode, McpError, type SchemaSet } from '@mcpkit/protocol/internal';
import type { LegacyMethodTypes } from '../pipeline/middleware.js';
import { modernClientCapabilities, storedClientInfo } from './session-fields.js';
import type { SessionRecord } from './session-store.js';

/** What a valid `initialize` request asks for (B-9). */
export interface InitializeRequest {
  readonly requested: string;
  readonly capabilities: LegacyClientCapabilities;
  /** As the session keeps it: see `SESSION_LIMITS`. */
  readonly clientInfo: Implementation;
}

/**
 * The fields of an `initialize` request, checked against the 2025 wire's schema, or the `-32602`
 * error naming what is wrong; the error names the supported versions too, since a legacy client
 * cannot fall forward (H-39).
 */
export function readInitialize(
  params: unknown,
  supported: readonly string[],
  schemas: SchemaSet,
): InitializeRequest | McpError {
  const read = schemas.decodeLegacyParams('initialize', params, 'initialize params');
  if (!read.ok) {
    return new McpError(
      ErrorCode.InvalidParams,
      read.error.message,
      { supported: [...supported] },
      {
        reason: 'request-meta',
      },
    );
  }
  const { protocolVersion, capabilities, clientInfo } = read.value;
  return { requested: protocolVersion, capabilities, clientInfo: storedClientInfo(clientInfo) };
}

/**
 * The version to answer `initialize` with: the one requested when served, else the newest served
 * (the client disconnects when it cannot use it, B-9).
 */
export function negotiateVersion(requested: string, supported: readonly string[]): string {
  return supported.includes(requested) ? requested : supported[0]!;
}

/** What `initialize` answers (B-9); `capabilities` as a 2025 client reads them. */
export function initializeResult(
  version: string,
  capabilities: Record<string, unknown>,
  serverInfo: Implementation,
  instructions: string | undefined,
): LegacyMethodTypes['initialize']['result'] {
  const result: LegacyMethodTypes['initialize']['result'] = {
    protocolVersion: version,
    capabilities,
    serverInfo,
  };
  if (instructions !== undefined) result.instructions = instructions;
  return result;
}

/**
 * A new session from a valid `initialize`, keeping only what later requests use (`SESSION_LIMITS`),
 * bound to `principal` when the request had one.
 */
export function newSession(
  id: string,
  request: InitializeRequest,
  version: string,
  principal: string | undefined,
): SessionRecord {
  const session: SessionRecord = {
    id,
    protocolVersion: version,
    clientCapabilities: modernClientCapabilities(request.capabilities),
    clientInfo: request.clientInfo,
    openedAt: Date.now(),
    subscriptions: [],
  };
  return principal === undefined ? session : { ...session, principal };
}
