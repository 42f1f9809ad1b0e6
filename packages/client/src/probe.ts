import type { DiscoverResult, Implementation, ServerCapabilities } from '@mcpkit/protocol';
import {
  decodeResultWithoutSchemas,
  loadClientSchemas,
  McpError,
  TransportError,
} from '@mcpkit/protocol/internal';
import type { CacheAccess } from './cache-contract.js';
import { type CallResult, CallState } from './call.js';
import type { Next } from './call-chain.js';
import type { Era } from './era-types.js';
import { InvalidResponseError, RequestTimeoutError } from './errors.js';
import type { CacheMode } from './options.js';
import type { Requester } from './requester.js';
import type { ProbeOutcome } from './version.js';

/**
 * What the server said about itself when the client connected, and the version chosen for it
 * (C-9, C-11): its answer to `server/discover`, or to `initialize` for a 2025-era server (B-9).
 */
export interface ServerDescription {
  /** The server's era: `modern` (2026-07-28) or `legacy` (2025-11-25 and before). */
  era: Era;
  /** The version every request now carries (in the 2025 era: the one `initialize` negotiated, B-10). */
  protocolVersion: string;
  /** The versions the server offered (in the 2025 era: the negotiated one). */
  supportedVersions: readonly string[];
  capabilities: ServerCapabilities;
  instructions: string | undefined;
  /** Self-reported, unverified: never branch behaviour or security on it (C-13). */
  serverInfo: Implementation | undefined;
  /** The whole `server/discover` result, unknown fields included (modern era). */
  discoverResult: DiscoverResult | undefined;
  /** The whole `initialize` result, unknown fields included (2025 era). */
  initializeResult: Record<string, unknown> | undefined;
}

export interface ProbeOptions {
  timeoutMs: number;
  cache: CacheAccess | undefined;
  cacheMode: CacheMode;
  /** Runs the probe through the client's middleware, then `terminal` (see `CallChain.through`). */
  through(call: CallState, terminal: Next): Promise<CallResult>;
}

/**
 * One `server/discover` request with `version`, through the client's middleware like every call,
 * then the cache as `options.cacheMode` says.
 */
export async function discoverOnce(
  requester: Requester,
  version: string,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  const { timeoutMs } = options;
  const probeOptions = { timeoutMs, maxTotalTimeoutMs: timeoutMs, resetTimeoutOnProgress: false };
  const call = new CallState('server/discover', {}, probeOptions, Date.now() + timeoutMs);
  try {
    const result = await options.through(call, (passed) => discover(requester, version, passed, options));
    return { kind: 'result', result: result as DiscoverResult };
  } catch (error) {
    if (error instanceof RequestTimeoutError) return { kind: 'silence', waitedMs: timeoutMs };
    if (error instanceof InvalidResponseError) {
      return { kind: 'malformed', detail: `a result that is not a DiscoverResult (${error.message})` };
    }
    if (error instanceof TransportError) return { kind: 'transport', error };
    // The server's error answer (or middleware refusing the probe as a server would).
    if (error instanceof McpError) return { kind: 'error', error };
    throw error;
  }
}

/** The probe's last step: the cached answer, or the exchange; an error answer is thrown as an `McpError`. */
async function discover(
  requester: Requester,
  version: string,
  call: CallState,
  options: ProbeOptions,
): Promise<DiscoverResult> {
  const { cache } = options;
  const visit = await cache?.visit('server/discover', undefined, version, options.cacheMode);
  if (visit?.hit) return visit.hit as DiscoverResult;
  call.version = version;
  const response = await requester.exchange(call, version);
  if ('error' in response) throw McpError.fromResponse(response);
  const decoded =
    decodeResultWithoutSchemas('server/discover', response.result) ??
    (await loadClientSchemas()).decodeResult('server/discover', response.result);
  if (!decoded.ok) throw new InvalidResponseError('server/discover', decoded.error.message, decoded.rule);
  const result = decoded.value as DiscoverResult;
  if (visit) await cache!.keep('server/discover', undefined, version, result, visit);
  return result;
}
