import type {
  InitializeRequestParams,
  InitializeResult,
  LegacyClientWire,
  ServerCapabilities,
} from '@mcpkit/protocol';
import type { InitializeAnswer, InitializeOptions, SseOpening } from '../era-seam.js';
import type { ServerDescription } from '../probe.js';
import type { Requester } from '../requester.js';
import { exchangeLegacy } from './framing.js';
import { kit } from './kit.js';

// The steps of connecting that only the 2025 era has (see `connectEra`): `initialize`, the
// deprecated HTTP+SSE transport, and entering the session.

/** Sends `initialize` offering `version` (B-9) and classifies the answer for `nextEraStep`. */
export async function sendInitialize(
  requester: Requester,
  version: string,
  options: InitializeOptions,
): Promise<InitializeAnswer> {
  const { timeoutMs } = options;
  const params: InitializeRequestParams = {
    protocolVersion: version,
    capabilities: options.capabilities,
    clientInfo: options.clientInfo,
  };
  try {
    const callOptions = { timeoutMs, maxTotalTimeoutMs: timeoutMs, resetTimeoutOnProgress: false };
    const call = new kit.CallState('initialize', { ...params }, callOptions, Date.now() + timeoutMs);
    const response = await exchangeLegacy(requester, call);
    if ('error' in response)
      return { outcome: { kind: 'error', error: kit.McpError.fromResponse(response) } };
    const read = (await kit.loadClientSchemas()).decodeLegacyResult('initialize', response.result);
    if (!read.ok) throw new kit.InvalidResponseError('initialize', read.error.message);
    const result = read.value;
    return { outcome: { kind: 'result', protocolVersion: result.protocolVersion }, result };
  } catch (error) {
    if (error instanceof kit.RequestTimeoutError)
      return { outcome: { kind: 'silence', waitedMs: timeoutMs } };
    if (error instanceof kit.TransportError) return { outcome: { kind: 'transport', error } };
    throw error;
  }
}

/** Switches the transport to the deprecated HTTP+SSE transport (B-7), waiting at most `timeoutMs`. */
export async function openSse(wire: LegacyClientWire, timeoutMs: number): Promise<SseOpening> {
  if (wire.openSse === undefined) {
    return { found: false, detail: 'the transport does not speak the deprecated HTTP+SSE transport' };
  }
  try {
    await wire.openSse(AbortSignal.timeout(kit.timerDelay(timeoutMs)));
    return { found: true, detail: '' };
  } catch (error) {
    if (error instanceof kit.TransportError)
      return { found: false, detail: error.message, status: error.status };
    return { found: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Enters the session `initialize` opened in `version` (B-11): the server as it described itself. */
export async function enter(
  wire: LegacyClientWire,
  requester: Requester,
  version: string,
  result: InitializeResult,
): Promise<ServerDescription> {
  wire.beginSession({ protocolVersion: version });
  await requester.notify({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'legacy', version);
  return {
    era: 'legacy',
    protocolVersion: version,
    supportedVersions: [version],
    // The 2025 capabilities are the 2026 ones without `extensions`; unknown fields pass through.
    capabilities: result.capabilities as ServerCapabilities,
    instructions: result.instructions,
    serverInfo: result.serverInfo,
    discoverResult: undefined,
    initializeResult: result,
  };
}
