import type {
  ClientCapabilities,
  ClientTransport,
  Implementation,
  Method,
  ServerCapabilities,
} from '@mcpkit/protocol';
import { isRecord, McpError, TransportError } from '@mcpkit/protocol/internal';
import { CallState } from '../call.js';
import { timerDelay } from '../deadlines.js';
import type { Era, InitializeOutcome } from '../era.js';
import { InvalidResponseError, RequestTimeoutError } from '../errors.js';
import type { ServerDescription } from '../probe.js';
import type { Requester } from '../requester.js';

/** What `initialize` offers besides its version. */
export interface InitializeOptions {
  clientInfo: Implementation;
  capabilities: Readonly<ClientCapabilities>;
  /** How long the server has to answer. */
  timeoutMs: number;
}

/**
 * The steps of connecting that only the 2025 era has (see `connectEra`): `initialize`, the
 * deprecated HTTP+SSE transport, and entering the session. A client without them speaks 2026-07-28
 * only, and its bundle leaves them out.
 */
export interface LegacyHandshake {
  /** Sends `initialize` offering `version` (B-9) and classifies the answer for `nextEraStep`. */
  initialize(
    requester: Requester,
    version: string,
    options: InitializeOptions,
  ): Promise<{ outcome: InitializeOutcome; result?: Record<string, unknown> }>;
  /** Switches the transport to the deprecated HTTP+SSE transport (B-7), waiting at most `timeoutMs`. */
  openSse(transport: ClientTransport, timeoutMs: number): Promise<SseOpening>;
  /** Enters the session `initialize` opened in `version` (B-11): the server as it described itself. */
  enter(
    transport: ClientTransport,
    era: Era,
    version: string,
    result: Record<string, unknown>,
  ): Promise<ServerDescription>;
}

function legacyDescription(era: Era, version: string, result: Record<string, unknown>): ServerDescription {
  return {
    era,
    protocolVersion: version,
    supportedVersions: [version],
    capabilities: result.capabilities as ServerCapabilities,
    instructions: typeof result.instructions === 'string' ? result.instructions : undefined,
    serverInfo: isRecord(result.serverInfo) ? (result.serverInfo as unknown as Implementation) : undefined,
    discoverResult: undefined,
    initializeResult: result,
  };
}

/** Whether the `GET` found an HTTP+SSE endpoint; if not, why, and the HTTP status when there was one. */
export interface SseOpening {
  found: boolean;
  detail: string;
  status?: number;
}

async function openSse(transport: ClientTransport, timeoutMs: number): Promise<SseOpening> {
  if (transport.openLegacySse === undefined) {
    return { found: false, detail: 'the transport does not speak the deprecated HTTP+SSE transport' };
  }
  try {
    await transport.openLegacySse(AbortSignal.timeout(timerDelay(timeoutMs)));
    return { found: true, detail: '' };
  } catch (error) {
    if (error instanceof TransportError) return { found: false, detail: error.message, status: error.status };
    return { found: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

async function sendInitialize(
  requester: Requester,
  version: string,
  options: InitializeOptions,
): Promise<{ outcome: InitializeOutcome; result?: Record<string, unknown> }> {
  const { timeoutMs } = options;
  const params = {
    protocolVersion: version,
    capabilities: options.capabilities,
    clientInfo: options.clientInfo,
  };
  try {
    const callOptions = { timeoutMs, maxTotalTimeoutMs: timeoutMs, resetTimeoutOnProgress: false };
    const call = new CallState('initialize' as Method, params, callOptions, Date.now() + timeoutMs);
    const response = await requester.exchangeLegacy(call);
    if ('error' in response) return { outcome: { kind: 'error', error: McpError.fromResponse(response) } };
    const result: unknown = response.result;
    if (!isRecord(result) || !isRecord(result.capabilities)) {
      throw new InvalidResponseError('initialize', 'the result has no capabilities object');
    }
    return { outcome: { kind: 'result', protocolVersion: result.protocolVersion }, result };
  } catch (error) {
    if (error instanceof RequestTimeoutError) return { outcome: { kind: 'silence', waitedMs: timeoutMs } };
    if (error instanceof TransportError) return { outcome: { kind: 'transport', error } };
    throw error;
  }
}

async function enter(
  transport: ClientTransport,
  era: Era,
  version: string,
  result: Record<string, unknown>,
): Promise<ServerDescription> {
  transport.beginSession?.({ protocolVersion: version });
  await transport.notify?.({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return legacyDescription(era, version, result);
}

/** The 2025-era handshake of `McpClient` from `@mcpkit/client`. */
export const legacyHandshake: LegacyHandshake = { initialize: sendInitialize, openSse, enter };
