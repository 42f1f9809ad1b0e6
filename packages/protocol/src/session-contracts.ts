import type { JSONRPCNotification, JSONRPCRequest } from './schemas/jsonrpc.js';

/**
 * A connection that outlives one exchange (stdio, a socket), handed to the endpoint in
 * `RequestContext.channel`. The 2026-07-28 engine ignores it. The legacy era (2025-11-25 and
 * before) is connection-scoped on such transports: the first message fixes the era, the
 * connection is the session, and a server sends on it what belongs to no request
 * (`notifications/tools/list_changed`, `notifications/resources/updated`, and
 * `notifications/cancelled` for its own requests once the request they served has ended).
 *
 * @example
 * ```ts
 * const channel: PeerChannel = { send: (message) => writeLine(message), closed: connectionClosed.signal };
 * endpoint.handle(message, { transport: 'stdio', signal, channel });
 * ```
 */
export interface PeerChannel {
  /** Writes `message` to the peer outside any exchange; false once the connection is gone. */
  send(message: JSONRPCNotification | JSONRPCRequest): boolean;
  /** Aborts when the connection ends: whatever the endpoint keeps for it can go. */
  readonly closed: AbortSignal;
}

/**
 * What a legacy-era exchange tells an HTTP transport (2025-11-25 Streamable HTTP), set on the
 * exchange before its first item is delivered. A modern exchange has none.
 */
export interface SessionInfo {
  /** The session the exchange belongs to; HTTP sends it as `Mcp-Session-Id` on the response. */
  readonly id: string | undefined;
  /**
   * Whether the transport may make the stream resumable: SSE event ids, a priming event with
   * `retry`, events kept for `Last-Event-ID`, and the exchange kept running when the client's
   * connection drops (in 2025-11-25 a disconnect is not a cancellation).
   */
  readonly resumable: boolean;
}
