import type { DiscoverResult, InitializeResult } from '@mcpkit/protocol';
import { connectFailure, MAX_REISSUES, modernDescription } from './connect-modern.js';
import { nextEraStep } from './era.js';
import type { EraConnectOptions } from './era-seam.js';
import type { EraEvidence, EraSettings } from './era-types.js';
import { McpClientError } from './errors.js';
import { discoverOnce, type ServerDescription } from './probe.js';
import type { Requester } from './requester.js';

/**
 * Connects to the server in its era (C-56..C-58): runs the steps `nextEraStep` decides (the
 * `server/discover` probe, `initialize`) until it is connected, and records the verdict for the
 * server (B-6). In the 2025 era it finishes the handshake: `notifications/initialized`, and the
 * transport's session from then on (B-9, B-11). Without the 2025 era (a transport without
 * `legacy`) it connects as era `modern` does. The `McpClient` of `@mcpkit/client` connects with it;
 * the one of `@mcpkit/client/modern` with `connectModern`.
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
    throw new McpClientError(options.withoutLegacy);
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
        throw connectFailure(
          step,
          requester.versions,
          evidence.step === 'probe' && evidence.outcome.kind === 'error' ? probed : undefined,
          // Only HTTP transports report a status.
          status === 404 ? peer : undefined,
        );
    }
  }
}
