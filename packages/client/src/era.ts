import type { McpError, TransportError } from '@mcpkit/protocol';
import { ErrorCode, LEGACY_PROTOCOL_VERSIONS } from '@mcpkit/protocol/internal';
import { type ProbeOutcome, probeVerdict } from './version.js';

/**
 * Which era of the protocol the client speaks with a server: `modern` is 2026-07-28 (stateless,
 * `server/discover`); `legacy` is 2025-11-25 and before (`initialize`, sessions), over whichever
 * wire the transport carries for it.
 */
export type Era = 'modern' | 'legacy';

/**
 * What connecting concluded about a server, kept per server (B-6): its era, or `legacy-sse` for an
 * older HTTP server reached over the deprecated HTTP+SSE transport of 2024-11-05 (B-7), so that the
 * next connection opens that transport at once.
 */
export type EraVerdict = Era | 'legacy-sse';

/** The `era` option: `auto` detects (the default), the others force one era and never fall back. */
export type EraOption = 'auto' | 'modern' | 'legacy';

/** How the server answered a legacy `initialize`. */
export type InitializeOutcome =
  | { kind: 'result'; protocolVersion: unknown }
  | { kind: 'error'; error: McpError }
  | { kind: 'silence'; waitedMs: number }
  | { kind: 'transport'; error: TransportError };

/** What the client knows at one step of connecting. */
export type EraEvidence =
  /** Nothing sent yet; `cached` is what an earlier connection to the same server concluded (B-6). */
  | { step: 'start'; cached: EraVerdict | undefined }
  /** The answer to `server/discover` sent with `version`; `retried` once it was re-sent after `-32022`. */
  | { step: 'probe'; outcome: ProbeOutcome; retried: boolean; fromCache: boolean }
  /**
   * The answer to `initialize`; `fromCache` when it was sent on a cached verdict, without a probe;
   * `overSse` when it went over the deprecated HTTP+SSE transport.
   */
  | { step: 'initialize'; outcome: InitializeOutcome; fromCache: boolean; overSse?: boolean }
  /**
   * Whether a `GET` of the URL opened an SSE stream that named an `endpoint` (B-7); `fromCache`
   * when it was opened on a cached `legacy-sse` verdict, without a probe.
   */
  | { step: 'sse-endpoint'; found: boolean; detail: string; fromCache: boolean };

/** The settings detection runs under. */
export interface EraSettings {
  option: EraOption;
  /**
   * Whether the transport can switch to the deprecated HTTP+SSE transport (B-7): an HTTP one that
   * carries the 2025-era wire (`LegacyClientWire.openSse`).
   */
  sse: boolean;
  /** Modern versions the client speaks, most preferred first. */
  modernVersions: readonly string[];
  /** Legacy versions the client speaks, most preferred first (default: every one this SDK knows). */
  legacyVersions?: readonly string[];
}

/** What to do next, or how connecting ended. */
export type EraStep =
  /** Send `server/discover` with `version`. */
  | { kind: 'probe'; version: string }
  /**
   * Send `initialize` with `version`, the newest legacy version the client speaks (B-9); after an
   * `endpoint` event, over the HTTP+SSE transport that event opened.
   */
  | { kind: 'initialize'; version: string }
  /** `GET` the URL and wait for an SSE `endpoint` event (deprecated HTTP+SSE, B-7). */
  | { kind: 'open-sse' }
  /**
   * Connected. `version` is the one every request carries from now on (B-10); `verdict` is what to
   * remember about the server (B-6).
   */
  | { kind: 'connected'; era: Era; verdict: EraVerdict; version: string }
  /** Connecting failed: `reason` says why, `cause` is the error behind it when there is one. */
  | {
      kind: 'failed';
      reason: 'legacy-server' | 'modern-server' | 'no-common-version' | 'error';
      evidence: string;
      cause?: Error;
      theirs?: readonly string[];
    };

/** Statuses of a refused POST that, without a recognised modern error, mean "an older server" (B-4, B-7). */
const LEGACY_POST_STATUSES = new Set([400, 404, 405]);

/** The modern error codes: whoever answers with one speaks 2026-07-28 and is never fallen back from (B-5). */
const MODERN_ERROR_CODES = new Set<number>([
  ErrorCode.HeaderMismatch,
  ErrorCode.MissingRequiredClientCapability,
  ErrorCode.UnsupportedProtocolVersion,
]);

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
    case 'probe':
      return afterProbe(settings, evidence, initialize);
    case 'initialize':
      return afterInitialize(settings, evidence, legacyVersions, probe);
    case 'sse-endpoint':
      if (evidence.found) return initialize;
      if (evidence.fromCache && settings.option === 'auto') return probe;
      return { kind: 'failed', reason: 'error', evidence: `no HTTP+SSE endpoint either: ${evidence.detail}` };
  }
}

function afterProbe(
  settings: EraSettings,
  evidence: Extract<EraEvidence, { step: 'probe' }>,
  initialize: EraStep,
): EraStep {
  const { outcome } = evidence;
  const verdict = probeVerdict(outcome, settings.modernVersions, evidence.retried);
  switch (verdict.kind) {
    case 'modern':
      return { kind: 'connected', era: 'modern', verdict: 'modern', version: verdict.version };
    case 'retry':
      return { kind: 'probe', version: verdict.version };
    case 'no-common-version':
      return {
        kind: 'failed',
        reason: 'no-common-version',
        evidence: 'the server speaks no modern version the client speaks',
        theirs: verdict.theirs,
      };
    case 'failed':
      return { kind: 'failed', reason: 'error', evidence: verdict.error.message, cause: verdict.error };
    case 'legacy':
      if (settings.option === 'modern') {
        return {
          kind: 'failed',
          reason: 'legacy-server',
          evidence: verdict.evidence,
          cause: 'error' in outcome ? outcome.error : undefined,
        };
      }
      return initialize;
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
      if (MODERN_ERROR_CODES.has(error.code)) {
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
