import type { ClientCapabilities, DiscoverResult, Implementation } from '@mcpkit/protocol';
import { MetaKey } from '@mcpkit/protocol/internal';
import { type Era, type EraEvidence, type EraOption, type EraSettings, nextEraStep } from './era.js';
import { LegacyServerError, McpClientError, NoCommonVersionError } from './errors.js';
import type { LegacyHandshake } from './legacy/handshake.js';
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
  verdicts: Map<string, Era>;
  /** The 2025-era handshake; without it the client speaks 2026-07-28 only, as with era `modern`. */
  handshake: LegacyHandshake | undefined;
}

/** How often a probe or `initialize` lost in transit is re-sent (C-55). */
const MAX_REISSUES = 2;

function transportKind(peer: string | undefined): EraSettings['transport'] {
  if (peer === undefined) return 'other';
  if (peer.startsWith('stdio:')) return 'stdio';
  return /^https?:/i.test(peer) ? 'http' : 'other';
}

/**
 * Connects to the server in its era (C-56..C-58): runs the steps `nextEraStep` decides (the
 * `server/discover` probe, `initialize`) until it is connected, and records the verdict for the
 * server (B-6). In the 2025 era it finishes the handshake: `notifications/initialized`, and the
 * transport's session from then on (B-9, B-11). Over a transport without the 2025-era wire
 * (no `beginSession`) it connects as era `modern` does. Throws `LegacyServerError` (era `modern` only),
 * `NoCommonVersionError`, or what the server or transport failed with.
 */
export async function connectEra(
  requester: Requester,
  options: EraConnectOptions,
): Promise<ServerDescription> {
  const { transport } = requester;
  const peer = transport.peer;
  const { handshake } = options;
  if (options.era === 'legacy' && handshake === undefined) {
    throw new McpClientError("era 'legacy' needs the client of @mcpkit/client, which speaks the 2025 era");
  }
  // A transport without the 2025-era wire speaks 2026-07-28 only: nothing to fall back over.
  const speaksLegacy = handshake !== undefined && transport.beginSession !== undefined;
  if (options.era === 'legacy' && !speaksLegacy) {
    throw new McpClientError("era 'legacy' needs a transport that speaks the 2025-era wire (beginSession)");
  }
  const settings: EraSettings = {
    option: speaksLegacy ? options.era : 'modern',
    transport: transportKind(peer),
    modernVersions: requester.versions,
    legacyVersions: options.legacyVersions,
  };
  let evidence: EraEvidence = {
    step: 'start',
    cached: peer === undefined ? undefined : options.verdicts.get(peer),
  };
  let discovered: DiscoverResult | undefined;
  let initialized: Record<string, unknown> | undefined;
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
        const answer = await handshake!.initialize(requester, step.version, options);
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
        const opened = await handshake!.openSse(transport, options.timeoutMs);
        overSse = opened.found;
        status = opened.status;
        evidence = { step: 'sse-endpoint', ...opened, fromCache: evidence.step === 'start' };
        break;
      }
      case 'connected': {
        if (peer !== undefined) options.verdicts.set(peer, step.era);
        if (step.era === 'modern') {
          return modernDescription(step.version, discovered!);
        }
        return handshake!.enter(transport, step.era, step.version, initialized!);
      }
      case 'failed':
        if (peer !== undefined) options.verdicts.delete(peer);
        throw failure(
          step,
          requester.versions,
          evidence.step === 'probe' && evidence.outcome.kind === 'error' ? probed : undefined,
          status === 404 && transportKind(peer) === 'http' ? peer : undefined,
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
