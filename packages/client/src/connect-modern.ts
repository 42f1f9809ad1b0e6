import type { DiscoverResult } from '@mcpkit/protocol';
import { MetaKey } from '@mcpkit/protocol/internal';
import { afterProbe } from './era-probe.js';
import type { EraConnectOptions } from './era-seam.js';
import type { EraStep } from './era-types.js';
import { LegacyServerError, McpClientError, NoCommonVersionError } from './errors.js';
import { discoverOnce, type ServerDescription } from './probe.js';
import type { Requester } from './requester.js';

/** How often a probe or `initialize` lost in transit is re-sent (C-55). */
export const MAX_REISSUES = 2;

/**
 * Connects to a server of 2026-07-28 (C-56, T-23), as `connectEra` does with era `modern`:
 * `server/discover` until it is answered, and the verdict recorded for the server (B-6). The
 * client of `@mcpkit/client/modern` connects with it, so that its bundle holds none of the
 * 2025-era negotiation. Throws `LegacyServerError` for an older server, `NoCommonVersionError`,
 * an `McpClientError` for era `legacy`, or what the server or transport failed with.
 */
export async function connectModern(
  requester: Requester,
  options: EraConnectOptions,
): Promise<ServerDescription> {
  if (options.era === 'legacy') {
    throw new McpClientError(options.withoutLegacy);
  }
  const peer = requester.transport.peer;
  let version = requester.versions[0]!;
  let retried = false;
  let reissues = 0;
  for (;;) {
    const outcome = await discoverOnce(requester, version, options);
    if (outcome.kind === 'transport' && outcome.error.retryable && reissues++ < MAX_REISSUES) continue;
    const step = afterProbe(requester.versions, { step: 'probe', outcome, retried, fromCache: false });
    switch (step.kind) {
      case 'probe':
        version = step.version;
        retried = true;
        break;
      case 'connected':
        if (peer !== undefined) options.verdicts.set(peer, step.verdict);
        // Connected only on a `DiscoverResult`.
        return modernDescription(step.version, (outcome.kind === 'result' ? outcome.result : undefined)!);
      case 'failed': {
        if (peer !== undefined) options.verdicts.delete(peer);
        const status = outcome.kind === 'transport' ? outcome.error.status : undefined;
        throw connectFailure(
          step,
          requester.versions,
          outcome.kind === 'error' ? version : undefined,
          status === 404 ? peer : undefined,
        );
      }
    }
  }
}

/**
 * The error connecting ends with; `refused` is the version a `-32022` refused, if that was the end;
 * `notFoundAt` the URL, when the last answer was an HTTP 404: most often a wrong path.
 */
export function connectFailure(
  step: Extract<EraStep, { kind: 'failed' }>,
  ours: readonly string[],
  refused: string | undefined,
  notFoundAt: string | undefined,
): Error {
  switch (step.reason) {
    case 'legacy-server': {
      const evidence = notFoundAt
        ? `${step.evidence} at ${notFoundAt}${pathHint(notFoundAt)}`
        : step.evidence;
      return new LegacyServerError(evidence, { cause: step.cause });
    }
    case 'no-common-version':
      return new NoCommonVersionError(ours, step.theirs ?? [], refused);
    default:
      if (notFoundAt) {
        const message = `The server answered HTTP 404 at ${notFoundAt}: no MCP endpoint there${pathHint(notFoundAt)}`;
        return new McpClientError(message, { cause: step.cause });
      }
      return step.cause ?? new McpClientError(step.evidence);
  }
}

/** What to check after a 404: a URL without `/mcp` most likely misses the path mcpkit serves. */
function pathHint(url: string): string {
  return URL.canParse(url) && !new URL(url).pathname.includes('/mcp')
    ? "; mcpkit serves /mcp by default; check the server's path"
    : '';
}

/** The server as its `server/discover` result describes it, connected in `version`. */
export function modernDescription(version: string, result: DiscoverResult): ServerDescription {
  return {
    era: 'modern',
    protocolVersion: version,
    supportedVersions: result.supportedVersions,
    capabilities: result.capabilities,
    instructions: result.instructions,
    serverInfo: result._meta?.[MetaKey.serverInfo],
    discoverResult: result,
    initializeResult: undefined,
  };
}
