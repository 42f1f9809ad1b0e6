import type { Implementation, LoggingLevel } from '@mcpkit/protocol';
import { ErrorCode, isRecord, LOGGING_LEVELS, McpError } from '@mcpkit/protocol/internal';
import type { LegacyMethodTypes } from '../pipeline/middleware.js';
import { modernClientCapabilities, storedClientInfo } from './session-fields.js';
import type { SessionRecord } from './session-store.js';

/** What a valid `initialize` request asks for (B-9). */
export interface InitializeRequest {
  readonly requested: string;
  readonly capabilities: Record<string, unknown>;
  /** As the session keeps it: see `SESSION_LIMITS`. */
  readonly clientInfo: Implementation;
}

/**
 * The fields of an `initialize` request, or the `-32602` error naming what is wrong; the error
 * names the supported versions too, since a legacy client cannot fall forward (H-39).
 */
export function readInitialize(params: unknown, supported: readonly string[]): InitializeRequest | McpError {
  const fail = (what: string) =>
    new McpError(
      ErrorCode.InvalidParams,
      `Invalid initialize request: ${what}`,
      { supported: [...supported] },
      {
        reason: 'request-meta',
      },
    );
  if (!isRecord(params)) return fail('params must be an object');
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== 'string') return fail('protocolVersion must be a string');
  if (!isRecord(capabilities)) return fail('capabilities must be an object');
  if (!isRecord(clientInfo) || typeof clientInfo.name !== 'string' || typeof clientInfo.version !== 'string')
    return fail('clientInfo must have a name and a version');
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
    subscriptions: [],
  };
  return principal === undefined ? session : { ...session, principal };
}

/** The level of a `logging/setLevel` request, or its `-32602`. */
export function readLogLevel(params: unknown): LoggingLevel | McpError {
  const level = isRecord(params) ? params.level : undefined;
  if (typeof level === 'string' && (LOGGING_LEVELS as readonly string[]).includes(level))
    return level as LoggingLevel;
  return new McpError(
    ErrorCode.InvalidParams,
    `Invalid params: level must be one of ${LOGGING_LEVELS.join(', ')}`,
  );
}

/** The URI of a `resources/subscribe` or `resources/unsubscribe` request, or its `-32602`. */
export function readUri(params: unknown): string | McpError {
  const uri = isRecord(params) ? params.uri : undefined;
  return typeof uri === 'string' ? uri : McpError.invalidParams('Invalid params: uri must be a string');
}
