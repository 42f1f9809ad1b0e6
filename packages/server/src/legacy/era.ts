import { isModernProtocolVersion, MetaKey } from '@mcpkit/protocol/internal';

/** Which protocol generation a message belongs to: 2026-07-28 and later, or 2025-11-25 and before. */
export type Era = 'modern' | 'legacy';

/** What the era of one incoming message is decided from; every field is read off the message or its transport. */
export interface EraSignals {
  /**
   * `connection`: a transport with one peer per connection (stdio, a socket), where the first
   * message fixes the era. `http`: every request stands alone.
   */
  readonly carrier: 'connection' | 'http';
  /** What the message is; anything that is not a request, notification or response is `invalid`. */
  readonly kind: 'request' | 'notification' | 'response' | 'invalid';
  /** The JSON-RPC method of a request or notification. */
  readonly method: string | undefined;
  /** Whether `params._meta` names a protocol version (the modern per-request key). */
  readonly modernMeta: boolean;
  /** `MCP-Protocol-Version` (HTTP only), `null` when absent. */
  readonly versionHeader: string | null;
  /** `Mcp-Session-Id` (HTTP only), `null` when absent. */
  readonly sessionHeader: string | null;
  /** `connection` only: the era an earlier message fixed, `undefined` before the first one. */
  readonly connectionEra: Era | undefined;
  /** HTTP only: legacy requests come without sessions, so a bare request is a 2025-03-26 one (B-12). */
  readonly statelessLegacy: boolean;
}

/**
 * The era of one incoming message: one pure decision, so that the modern engine never branches on
 * era and the legacy layer sees only what is its own (docs/design/legacy-server-era.md).
 *
 * - `connection` carriers: the first message fixes the era of the connection; `initialize` opens
 *   a legacy one (B-9), anything else a modern one. Later messages follow the connection.
 * - `http`: a request whose `_meta` names a protocol version, or whose `MCP-Protocol-Version`
 *   header names a modern revision, is modern. Otherwise `initialize`, a request of a session
 *   (`Mcp-Session-Id`), a request naming a legacy revision, and a JSON-RPC response (only a legacy
 *   client answers a server) are legacy. A bare request is legacy only in stateless legacy mode
 *   (a 2025-03-26 client sends no header, B-12); elsewhere it is modern, so the modern engine
 *   reports the `_meta` it lacks. Anything unreadable is modern: the modern envelope check answers it.
 *
 * @example
 * ```ts
 * eraOf({ carrier: 'http', kind: 'request', method: 'initialize', modernMeta: false, versionHeader: null,
 *   sessionHeader: null, connectionEra: undefined, statelessLegacy: false }); // 'legacy'
 * ```
 */
export function eraOf(signals: EraSignals): Era {
  if (signals.carrier === 'connection') {
    if (signals.connectionEra !== undefined) return signals.connectionEra;
    return signals.kind === 'request' && signals.method === 'initialize' && !signals.modernMeta
      ? 'legacy'
      : 'modern';
  }
  if (signals.kind === 'invalid' || signals.modernMeta) return 'modern';
  const header = signals.versionHeader;
  if (header !== null && isModernProtocolVersion(header)) return 'modern';
  if (signals.kind === 'response' || signals.method === 'initialize') return 'legacy';
  if (signals.sessionHeader !== null || header !== null) return 'legacy';
  return signals.statelessLegacy ? 'legacy' : 'modern';
}

/** Whether a parsed message's `params._meta` carries the modern per-request protocol version. */
export function hasModernMeta(message: Record<string, unknown>): boolean {
  const params = message.params;
  if (typeof params !== 'object' || params === null) return false;
  const meta = (params as Record<string, unknown>)._meta;
  return typeof meta === 'object' && meta !== null && MetaKey.protocolVersion in meta;
}
