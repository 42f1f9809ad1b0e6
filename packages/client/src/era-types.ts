import type { McpError, TransportError } from '@mcpkit/protocol';
import type { ProbeOutcome } from './version.js';

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
