import { ErrorCode, LEGACY_PROTOCOL_VERSIONS } from '@mcpkit/protocol/internal';
import { afterProbe } from './era-probe.js';
import type { EraEvidence, EraSettings, EraStep } from './era-types.js';

export type {
  Era,
  EraEvidence,
  EraOption,
  EraSettings,
  EraStep,
  EraVerdict,
  InitializeOutcome,
} from './era-types.js';

/** Statuses of a refused POST that, without a recognised modern error, mean "an older server" (B-4, B-7). */
const LEGACY_POST_STATUSES = new Set([400, 404, 405]);

/**
 * Whether `code` is a modern error code: whoever answers with one speaks 2026-07-28 and is never
 * fallen back from (B-5). A function, not a set made at load, which a bundler would keep in a
 * `/modern` app that never reaches this decision.
 */
function isModernErrorCode(code: number): boolean {
  return (
    code === ErrorCode.HeaderMismatch ||
    code === ErrorCode.MissingRequiredClientCapability ||
    code === ErrorCode.UnsupportedProtocolVersion
  );
}

/**
 * The era decision, with no I/O: given what the client knows so far, the next thing to send or
 * how connecting ended. The caller sends what it is told and calls again with the answer. Rules
 * (C-56..C-58, T-20..T-23, B-3..B-10):
 *
 * - `era: 'legacy'` sends `initialize` at once; `era: 'modern'` probes and never falls back: a
 *   legacy verdict is a `legacy-server` failure (T-23).
 * - `auto` starts from the verdict cached for this server (B-6): `legacy` sends `initialize`
 *   without probing, `legacy-sse` opens the SSE stream, `modern` and nothing probe.
 * - The probe is `server/discover` on every transport (over HTTP it is the first modern request,
 *   B-4). A `DiscoverResult` or `-32022` is modern; `-32020`/`-32021` are modern errors, never a
 *   fallback (B-5); any other error whatever its code (T-22), silence within the timeout, a result
 *   that is no `DiscoverResult`, or an HTTP 400/404/405 without a JSON-RPC body is legacy, and the
 *   client runs `initialize` (T-21). A `-32601` to `server/discover` is legacy even over HTTP: a
 *   modern server always implements it.
 * - `initialize` answered with a version the client speaks connects in that version; one it does
 *   not speak fails (B-9). When it was sent on a cached verdict, any other answer means the
 *   verdict no longer holds, and the client probes again (B-6); after a probe, a modern error is
 *   a `modern-server` failure and anything else a plain one.
 * - Over HTTP, an `initialize` POST refused with 400/404/405 and no recognised modern error tries
 *   the deprecated HTTP+SSE transport: `GET`, expecting an `endpoint` event (B-7). When it comes,
 *   `initialize` runs over that transport, and its answer is final; when it does not, connecting
 *   fails, unless the `GET` was sent on a cached verdict, which no longer holds: probe (B-6).
 *
 * @example
 * ```ts
 * const settings = { option: 'auto', sse: false, modernVersions: ['2026-07-28'] } as const;
 * nextEraStep(settings, { step: 'start', cached: undefined }); // { kind: 'probe', version: '2026-07-28' }
 * ```
 */
export function nextEraStep(settings: EraSettings, evidence: EraEvidence): EraStep {
  const legacyVersions = settings.legacyVersions ?? LEGACY_PROTOCOL_VERSIONS;
  const initialize: EraStep = { kind: 'initialize', version: legacyVersions[0]! };
  const probe: EraStep = { kind: 'probe', version: settings.modernVersions[0]! };
  switch (evidence.step) {
    case 'start': {
      if (settings.option === 'legacy') return initialize;
      if (settings.option === 'modern') return probe;
      if (evidence.cached === 'legacy') return initialize;
      if (evidence.cached === 'legacy-sse' && settings.sse) return { kind: 'open-sse' };
      return probe;
    }
    case 'probe': {
      const step = afterProbe(settings.modernVersions, evidence);
      // A legacy verdict ends a client of era `modern` (T-23); the others fall back (T-21).
      const fallsBack =
        step.kind === 'failed' && step.reason === 'legacy-server' && settings.option !== 'modern';
      return fallsBack ? initialize : step;
    }
    case 'initialize':
      return afterInitialize(settings, evidence, legacyVersions, probe);
    case 'sse-endpoint':
      if (evidence.found) return initialize;
      if (evidence.fromCache && settings.option === 'auto') return probe;
      return { kind: 'failed', reason: 'error', evidence: `no HTTP+SSE endpoint either: ${evidence.detail}` };
  }
}

function afterInitialize(
  settings: EraSettings,
  evidence: Extract<EraEvidence, { step: 'initialize' }>,
  legacyVersions: readonly string[],
  probe: EraStep,
): EraStep {
  const { outcome } = evidence;
  const failed = (evidence: string, cause?: Error): EraStep => ({
    kind: 'failed',
    reason: 'error',
    evidence,
    cause,
  });
  // Sent on a cached verdict without probing: any refusal means the verdict no longer holds (B-6).
  if (evidence.fromCache && settings.option === 'auto' && outcome.kind !== 'result') return probe;
  switch (outcome.kind) {
    case 'result': {
      const version = outcome.protocolVersion;
      if (typeof version === 'string' && legacyVersions.includes(version)) {
        return {
          kind: 'connected',
          era: 'legacy',
          verdict: evidence.overSse ? 'legacy-sse' : 'legacy',
          version,
        };
      }
      return {
        kind: 'failed',
        reason: 'no-common-version',
        evidence: `initialize was answered with version ${JSON.stringify(version)}, which the client does not speak`,
        theirs: typeof version === 'string' ? [version] : [],
      };
    }
    case 'error': {
      const { error } = outcome;
      if (isModernErrorCode(error.code)) {
        return {
          kind: 'failed',
          reason: 'modern-server',
          evidence: `initialize was refused with modern error ${error.code}: ${error.message}`,
          cause: error,
        };
      }
      return failed(`initialize was refused with error ${error.code}: ${error.message}`, error);
    }
    case 'silence':
      return failed(`no answer to initialize within ${outcome.waitedMs} ms`);
    case 'transport': {
      const { error } = outcome;
      const { status } = error;
      if (
        settings.sse &&
        !evidence.overSse &&
        error.reason === 'bad-response' &&
        status !== undefined &&
        LEGACY_POST_STATUSES.has(status)
      ) {
        return { kind: 'open-sse' };
      }
      return failed(error.message, error);
    }
  }
}
