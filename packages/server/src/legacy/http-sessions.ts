import type {
  FinalResponse,
  JSONRPCErrorResponse,
  RequestContext,
  SessionEndpoint,
  SessionRefusal,
  StreamOpening,
} from '@mcpkit/protocol';
import { errorFinal, httpStatusFor, networkOf } from '@mcpkit/protocol/internal';
import { SessionStream } from './live-peer.js';
import { type PeerDirectory, unknownSession } from './peers.js';
import type { SessionRecord, SessionStore } from './session-store.js';
import { errorResponse } from './translate.js';

const refused = (status: number, final?: FinalResponse): SessionRefusal =>
  final === undefined
    ? { kind: 'refused', status }
    : { kind: 'refused', status, error: final.response as JSONRPCErrorResponse };

/** The HTTP status of an error response. */
function statusOf(final: FinalResponse): number {
  return httpStatusFor(final.failure ?? 'handler');
}

/**
 * What 2025-11-25 Streamable HTTP sessions have besides their `POST`s: the standalone `GET`
 * stream and `DELETE` (B-11). Only a server that keeps sessions offers it (`McpServer.sessions`).
 */
export class HttpSessions implements SessionEndpoint {
  constructor(
    private readonly peers: PeerDirectory,
    private readonly store: SessionStore,
  ) {}

  /** The standalone `GET` stream of an HTTP session. */
  async openStream(context: RequestContext): Promise<StreamOpening> {
    if (!context.headers?.has('mcp-session-id')) return refused(405);
    // A store that fails (Redis down, say) is answered with its error (503), not thrown at the transport.
    const found = await this.peers.find(context, undefined).catch((error) => errorFinal(error, undefined));
    if (!('peer' in found)) return refused(statusOf(found), found);
    const { peer, session } = found;
    if (peer.stream !== undefined) {
      return refused(
        409,
        errorResponse(undefined, -32600, 'This session already has a GET stream', 'envelope'),
      );
    }
    const stream = new SessionStream({ id: session.id, resumable: true });
    peer.stream = stream;
    this.peers.listen(peer);
    stream.onReturn(() => {
      if (peer.stream === stream) peer.stream = undefined;
      this.peers.release(peer);
    });
    return { kind: 'stream', exchange: stream };
  }

  /** `DELETE` of an HTTP session: ends it here and in the store. */
  async endSession(context: RequestContext): Promise<SessionRefusal | { kind: 'ended' }> {
    const id = context.headers?.get('mcp-session-id') ?? null;
    // Without a session id this is a modern client's DELETE: 405, as a modern server answers (B-21).
    if (id === null) return refused(405);
    let session: SessionRecord | undefined;
    try {
      session = await this.store.get(id);
      const theirs = session !== undefined && session.principal === context.auth?.principal;
      if (!theirs || !(await this.store.delete(id))) return refused(404, unknownSession());
    } catch (error) {
      const final = errorFinal(error, undefined);
      return refused(statusOf(final), final);
    }
    this.peers.end(id);
    this.peers.httpSessionEnded(session!, networkOf(context.transport, context.network));
    return { kind: 'ended' };
  }
}
