import type { NetworkPeer, SessionEnd } from '@mcpkit/protocol';
import type { SessionRecord } from './session-store.js';

/** Where the server hears of ended sessions: the `sessionEnded` hooks, when there are any. */
export interface SessionEndSink {
  sessionEnded(session: SessionEnd): void;
  wantsSessionEnds(): boolean;
}

const TCP: NetworkPeer = Object.freeze({ transport: 'tcp' });

/** HTTP sessions the store expired: no request of the client says where it is. */
export const EXPIRED_NETWORK = TCP;

/**
 * Tells `sink` that `session` ended, when some hook listens and the session says when it opened
 * (a record stored by an older version does not). `sessionId` only for an HTTP session: a
 * connection's session has no `Mcp-Session-Id`.
 */
export function reportEnd(
  sink: SessionEndSink,
  session: SessionRecord | undefined,
  reason: SessionEnd['reason'],
  network: NetworkPeer,
  http: boolean,
  endedAt = Date.now(),
): void {
  if (session?.openedAt === undefined || !sink.wantsSessionEnds()) return;
  sink.sessionEnded({
    side: 'server',
    sessionId: http ? session.id : undefined,
    openedAt: session.openedAt,
    endedAt,
    protocolVersion: session.protocolVersion,
    network,
    reason,
  });
}
