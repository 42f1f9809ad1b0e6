import type { DiscoverResult, Implementation, ServerCapabilities } from '@mcpkit/protocol';
import {
  decodeResultWithoutSchemas,
  loadClientSchemas,
  McpError,
  TransportError,
} from '@mcpkit/protocol/internal';
import type { ResponseCache } from './cache.js';
import { CallState } from './call.js';
import type { Era } from './era.js';
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
  cache: ResponseCache | undefined;
  cacheMode: CacheMode;
}

/** One `server/discover` request with `version`, through the cache as `options.cacheMode` says. */
export async function discoverOnce(
  requester: Requester,
  version: string,
  options: ProbeOptions,
): Promise<ProbeOutcome> {
  const { cache, timeoutMs } = options;
  try {
    const visit = await cache?.visit('server/discover', '-', version, options.cacheMode);
    if (visit?.hit) return { kind: 'result', result: visit.hit as DiscoverResult };
    const probeOptions = { timeoutMs, maxTotalTimeoutMs: timeoutMs, resetTimeoutOnProgress: false };
    const call = new CallState('server/discover', {}, probeOptions, Date.now() + timeoutMs);
    const response = await requester.exchange(call, version);
    if ('error' in response) return { kind: 'error', error: McpError.fromResponse(response) };
    const decoded =
      decodeResultWithoutSchemas('server/discover', response.result) ??
      (await loadClientSchemas()).decodeResult('server/discover', response.result);
    if (!decoded.ok) throw new InvalidResponseError('server/discover', decoded.error.message, decoded.rule);
    const result = decoded.value as DiscoverResult;
    if (visit) await cache!.keep('server/discover', '-', version, result, visit);
    return { kind: 'result', result };
  } catch (error) {
    if (error instanceof RequestTimeoutError) return { kind: 'silence', waitedMs: timeoutMs };
    if (error instanceof InvalidResponseError) {
      return { kind: 'malformed', detail: `a result that is not a DiscoverResult (${error.message})` };
    }
    if (error instanceof TransportError) return { kind: 'transport', error };
    throw error;
  }
}
