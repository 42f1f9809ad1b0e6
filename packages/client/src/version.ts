import type { DiscoverResult, McpError, TransportError } from '@mcpkit/protocol';
import { chooseProtocolVersion, ErrorCode } from '@mcpkit/protocol/internal';

/** What came back from a `server/discover` probe. */
export type ProbeOutcome =
  | { kind: 'result'; result: DiscoverResult }
  | { kind: 'error'; error: McpError }
  /** A result that is not a `DiscoverResult` (a catch-all handler of an older server). */
  | { kind: 'malformed'; detail: string }
  /** No answer within the probe timeout. */
  | { kind: 'silence'; waitedMs: number }
  | { kind: 'transport'; error: TransportError };

/** What the client concludes from a probe outcome. */
export type ProbeVerdict =
  /** A 2026-07-28-era server; use `version` from now on. */
  | { kind: 'modern'; version: string }
  /** A modern server that refused the requested version: probe again once with `version`. */
  | { kind: 'retry'; version: string }
  /** A modern server with no version in common. */
  | { kind: 'no-common-version'; theirs: readonly string[] }
  /** A server of an older revision. */
  | { kind: 'legacy'; evidence: string }
  /** A failure that says nothing about the era (a modern error, a lost connection): report it. */
  | { kind: 'failed'; error: Error };

/** HTTP statuses that, without a JSON-RPC body, mean "not a 2026-07-28 server" (B-4, B-7). */
const LEGACY_HTTP_STATUSES = new Set([400, 404, 405]);

/**
 * The version to retry with after `-32022` (C-10): the client's most preferred version among the
 * server's `data.supported`, or `undefined` when there is none. It may be the version just sent:
 * the server says it supports it, and the caller retries only once.
 */
export function versionAfterRefusal(
  ours: readonly string[],
  data: unknown,
): { version: string | undefined; theirs: readonly string[] } {
  const supported = (data as { supported?: unknown } | undefined)?.supported;
  const theirs = Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : [];
  return { version: chooseProtocolVersion(ours, theirs), theirs };
}

/**
 * The era and version decision for a `server/discover` probe, with no I/O (C-9..C-11, T-20..T-23):
 *
 * - a `DiscoverResult` is modern: take the newest version in `supportedVersions` we also speak;
 * - `-32022` is modern: "retry with a version from `data.supported`", once (`alreadyRetried`);
 * - `-32020` and `-32021` are modern errors, never a reason to fall back (B-5): report them;
 * - any other error, whatever its code (T-22), silence within the timeout, or a result that is not a
 *   `DiscoverResult` (a modern server always answers with one), is an older revision;
 * - over HTTP, a 400, 404 or 405 without a JSON-RPC body is an older revision too (B-4, B-7);
 *   any other transport failure is just a failure.
 *
 * @example
 * ```ts
 * probeVerdict({ kind: 'silence', waitedMs: 10_000 }, ['2026-07-28'], false); // { kind: 'legacy', … }
 * ```
 */
export function probeVerdict(
  outcome: ProbeOutcome,
  ours: readonly string[],
  alreadyRetried: boolean,
): ProbeVerdict {
  switch (outcome.kind) {
    case 'result': {
      const theirs = outcome.result.supportedVersions;
      const version = chooseProtocolVersion(ours, theirs);
      return version === undefined ? { kind: 'no-common-version', theirs } : { kind: 'modern', version };
    }
    case 'error': {
      const { error } = outcome;
      if (error.code === ErrorCode.UnsupportedProtocolVersion) {
        const { version, theirs } = versionAfterRefusal(ours, error.data);
        if (version === undefined || alreadyRetried) return { kind: 'no-common-version', theirs };
        return { kind: 'retry', version };
      }
      if (
        error.code === ErrorCode.HeaderMismatch ||
        error.code === ErrorCode.MissingRequiredClientCapability
      ) {
        return { kind: 'failed', error };
      }
      return {
        kind: 'legacy',
        evidence: `server/discover was answered with error ${error.code}: ${error.message}`,
      };
    }
    case 'malformed':
      return { kind: 'legacy', evidence: `server/discover was answered with ${outcome.detail}` };
    case 'silence':
      return { kind: 'legacy', evidence: `no answer to server/discover within ${outcome.waitedMs} ms` };
    case 'transport': {
      const { error } = outcome;
      if (
        error.reason === 'bad-response' &&
        error.status !== undefined &&
        LEGACY_HTTP_STATUSES.has(error.status)
      ) {
        return {
          kind: 'legacy',
          evidence: `server/discover got HTTP ${error.status} without a JSON-RPC error`,
        };
      }
      return { kind: 'failed', error };
    }
  }
}
