/*
 * The method names only revisions before 2026-07-28 have, as data: routing on them needs no schema
 * library loaded. Their schemas are in `legacy/schemas.ts`.
 */

/**
 * The requests a 2025-era client sends that 2026-07-28 has no counterpart for: the handshake
 * (`initialize`, B-9) and the session's own settings (`logging/setLevel`, `resources/subscribe`,
 * `resources/unsubscribe`). `ping` is in every revision and is not one of them.
 */
export const LEGACY_METHODS = [
  'initialize',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
] as const;

/** A request method of the 2025 era only (see `LEGACY_METHODS`). */
export type LegacyMethod = (typeof LEGACY_METHODS)[number];

/** The notification a 2025-era client sends once `initialize` succeeded (B-9). */
export type LegacyNotificationMethod = 'notifications/initialized';

/**
 * Whether `method` is a request method of the 2025 era only.
 *
 * @example
 * ```ts
 * if (isLegacyMethod(request.method)) serveSessionMethod(request.method, request.params);
 * ```
 */
export function isLegacyMethod(method: string): method is LegacyMethod {
  return (
    method === 'initialize' ||
    method === 'logging/setLevel' ||
    method === 'resources/subscribe' ||
    method === 'resources/unsubscribe'
  );
}
