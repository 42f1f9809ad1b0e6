import type { ClientCapabilities, DiscoverResult, Implementation, InitializeResult } from '@mcpkit/protocol';
import { MetaKey } from '@mcpkit/protocol/internal';
import { type EraEvidence, type EraOption, type EraSettings, type EraVerdict, nextEraStep } from './era.js';
import type { LegacyEraSeam } from './era-seam.js';
import { LegacyServerError, McpClientError, NoCommonVersionError } from './errors.js';
import { discoverOnce, type ProbeOptions, type ServerDescription } from './probe.js';
import type { Requester } from './requester.js';

/** What connecting needs besides the requester. */
export interface EraConnectOptions extends ProbeOptions {
  era: EraOption;
  /** 2025-era versions the client speaks, newest first. */
  legacyVersions: readonly string[];
  clientInfo: Implementation;
  capabilities: Readonly<ClientCapabilities>;
  /** Verdicts per server (`ClientTransport.peer`), kept across reconnects and restarts (B-6). */
  verdicts: Map<string, EraVerdict>;
  /**
   * The 2025 era, when the client and its transport both speak it; without it the client speaks
   * 2026-07-28 only, as with era `modern`.
   */
  legacy: LegacyEraSeam | undefined;
  /** Without `legacy`, why: what `era: 'legacy'` fails with. */
  withoutLegacy?: string;
}

/** How often a probe or `initialize` lost in transit is re-sent (C-55). */
const MAX_REISSUES = 2;

/**
 * Connects to the server in its era (C-56..C-58): runs the steps `nextEraStep` decides (the
 * `server/discover` probe, `initialize`) until it is connected, and records the verdict for the
 * server (B-6). In the 2025 era it finishes the handshake: `notifications/initialized`, and the
 * transport's session from then on (B-9, B-11). Without the 2025 era (the client of
 * `@mcpkit/client/modern`, or a transport without `legacy`) it connects as era `modern` does.
 * Throws `LegacyServerError` (era `modern` only), `NoCommonVersionError`, or what the server or
 * transport failed with.
 */
export async function connectEra(
  requester: Requester,
  options: EraConnectOptions,
): Promise<ServerDescription> {
  const peer = requester.transport.peer;
  const { legacy } = options;
  if (options.era === 'legacy' && legacy === undefined) {
    throw new McpClientError(
      options.withoutLegacy ?? "era 'legacy' needs the 2025 era, which this client lacks",
    );
  }
  const settings: EraSettings = {
    option: legacy ? options.era : 'modern',
    sse: legacy?.sse === true,
    modernVersions: requester.versions,
    legacyVersions: options.legacyVersions,
  };
  let evidence: EraEvidence = {
    step: 'start',
    cached: peer === undefined ? undefined : options.verdicts.get(peer),
  };
  let discovered: DiscoverResult | undefined;
  let initialized: InitializeResult | undefined;
  let reissues = 0;
  let probed = requester.versions[0]!;
  let overSse = false;
  /** The HTTP status of the last answer, when it was a refusal without a JSON-RPC message. */
  let status: number | undefined;
  for (;;) {
    const step = nextEraStep(settings, evidence);
    switch (step.kind) {
      case 'probe': {
        probed = step.version;
        const outcome = await discoverOnce(requester, step.version, options);
        status = outcome.kind === 'transport' ? outcome.error.status : undefined;
        if (outcome.kind === 'transport' && outcome.error.retryable && reissues++ < MAX_REISSUES) continue;
        if (outcome.kind === 'result') discovered = outcome.result;
        evidence = { step: 'probe', outcome, retried: evidence.step === 'probe', fromCache: false };
        break;
      }
      case 'initialize': {
        const answer = await legacy!.initialize(step.version, options);
        status = answer.outcome.kind === 'transport' ? answer.outcome.error.status : undefined;
        if (
          answer.outcome.kind === 'transport' &&
          answer.outcome.error.retryable &&
          reissues++ < MAX_REISSUES
        )
          continue;
        initialized = answer.result;
        const fromCache: boolean =
          evidence.step === 'start' || (evidence.step === 'sse-endpoint' && evidence.fromCache);
        evidence = { step: 'initialize', outcome: answer.outcome, fromCache, overSse };
        break;
      }
      case 'open-sse': {
        const opened = await legacy!.openSse(options.timeoutMs);
        overSse = opened.found;
        status = opened.status;
        evidence = { step: 'sse-endpoint', ...opened, fromCache: evidence.step === 'start' };
        break;
      }
      case 'connected': {
        if (peer !== undefined) options.verdicts.set(peer, step.verdict);
        if (step.era === 'modern') {
          return modernDescription(step.version, discovered!);
        }
        return legacy!.enter(step.version, initialized!);
      }
      case 'failed':
        if (peer !== undefined) options.verdicts.delete(peer);
        throw failure(
          step,
          requester.versions,
          evidence.step === 'probe' && evidence.outcome.kind === 'error' ? probed : undefined,
          // Only HTTP transports report a status.
          status === 404 ? peer : undefined,
        );
    }
  }
}

/**
 * The error connecting ends with; `refused` is the version a `-32022` refused, if that was the end;
 * `notFoundAt` the URL, when the last answer was an HTTP 404: most often a wrong path.
 */
function failure(
  step: Extract<ReturnType<typeof nextEraStep>, { kind: 'failed' }>,
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

function modernDescription(version: string, result: DiscoverResult): ServerDescription {
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
