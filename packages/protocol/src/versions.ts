/** The protocol revision this SDK is built for. */
export const LATEST_PROTOCOL_VERSION = '2026-07-28';

/** The stateless revisions this SDK speaks, newest first. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [LATEST_PROTOCOL_VERSION];

/** Older, session-based revisions this SDK recognises (spoken only by a legacy layer), newest first. */
export const LEGACY_PROTOCOL_VERSIONS: readonly string[] = [
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
];

export const JSONRPC_VERSION = '2.0';

/** Whether `version` is a revision with per-request metadata (2026-07-28 and later). */
export function isModernProtocolVersion(version: string): boolean {
  return MODERN_PROTOCOL_VERSIONS.includes(version);
}

/**
 * The newest version both sides support, or `undefined` when there is none (C-10, C-11).
 * `ours` is in order of preference; `theirs` in any order.
 *
 * @example
 * ```ts
 * chooseProtocolVersion(['2026-07-28'], discover.supportedVersions); // '2026-07-28' or undefined
 * ```
 */
export function chooseProtocolVersion(
  ours: readonly string[],
  theirs: readonly string[],
): string | undefined {
  return ours.find((version) => theirs.includes(version));
}
