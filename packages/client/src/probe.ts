import {
  type DiscoverResult,
  decodeResult,
  type Implementation,
  McpError,
  MetaKey,
  type ServerCapabilities,
  TransportError,
} from '@mcpkit/protocol';
import type { ResponseCache } from './cache.js';
import { CallState } from './call.js';
import {
  InvalidResponseError,
  LegacyServerError,
  NoCommonVersionError,
  RequestTimeoutError,
} from './errors.js';
import type { CacheMode } from './options.js';
import type { Requester } from './requester.js';
import { type ProbeOutcome, probeVerdict } from './version.js';

/** What `server/discover` said about the server, and the version chosen for it (C-9, C-11). */
export interface ServerDescription {
  /** The version every request now carries. */
  protocolVersion: string;
  supportedVersions: readonly string[];
  capabilities: ServerCapabilities;
  instructions: string | undefined;
  /** Self-reported, unverified: never branch behaviour or security on it (C-13). */
  serverInfo: Implementation | undefined;
  /** The whole result, unknown fields included. */
  discoverResult: DiscoverResult;
}

export interface ProbeOptions {
  timeoutMs: number;
  cache: ResponseCache | undefined;
  cacheMode: CacheMode;
}

/** How often a probe lost in transit is re-issued (C-55). */
const MAX_REISSUES = 2;

/**
 * Runs the `server/discover` probe (C-9, C-57, T-20) and applies `probeVerdict`: picks the
 * version (retrying once after `-32022`), or fails with `LegacyServerError`,
 * `NoCommonVersionError` or the modern error the server sent. The chosen version is the
 * description's `protocolVersion`; adopting it for later requests is the caller's decision.
 */
export async function probeServer(requester: Requester, options: ProbeOptions): Promise<ServerDescription> {
  const { versions } = requester;
  let version = versions[0]!;
  let retried = false;
  let reissues = 0;
  for (;;) {
    const outcome = await discoverOnce(requester, version, options);
    if (outcome.kind === 'transport' && outcome.error.retryable && reissues < MAX_REISSUES) {
      reissues++;
      continue;
    }
    const verdict = probeVerdict(outcome, versions, retried);
    switch (verdict.kind) {
      case 'modern': {
        const result = (outcome as { result: DiscoverResult }).result;
        return {
          protocolVersion: verdict.version,
          supportedVersions: result.supportedVersions,
          capabilities: result.capabilities,
          instructions: result.instructions,
          serverInfo: result._meta?.[MetaKey.serverInfo],
          discoverResult: result,
        };
      }
      case 'retry':
        version = verdict.version;
        retried = true;
        continue;
      case 'no-common-version':
        throw new NoCommonVersionError(
          versions,
          verdict.theirs,
          outcome.kind === 'error' ? version : undefined,
        );
      case 'legacy':
        throw new LegacyServerError(verdict.evidence, {
          cause: 'error' in outcome ? outcome.error : undefined,
        });
      case 'failed':
        throw verdict.error;
    }
  }
}

/** One `server/discover` request with `version`, through the cache as `options.cacheMode` says. */
async function discoverOnce(
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
    const decoded = decodeResult('server/discover', response.result);
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
