import type {
  FinalResponse,
  JSONRPCRequest,
  NetworkPeer,
  PeerChannel,
  RequestContext,
  ServerCapabilities,
} from '@mcpkit/protocol';
import { errorFinal, McpError } from '@mcpkit/protocol/internal';
import type { ServerEvent } from '../subscriptions/event-bus.js';
import type { Era } from './era.js';
import { LivePeer } from './live-peer.js';
import { EXPIRED_NETWORK, reportEnd, type SessionEndSink } from './session-ends.js';
import type { SessionRecord, SessionStore } from './session-store.js';
import { errorResponse } from './translate.js';

/** The peer and session of a message, or the error to answer it with. */
export type Found = { peer: LivePeer; session: SessionRecord; owner: object } | FinalResponse;

/** Owns the server-to-client requests of stateless legacy mode, where no session tells peers apart. */
const STATELESS_OWNER = {};

/** What the directory needs of the server. */
export interface PeerSource {
  readonly store: SessionStore;
  readonly versions: readonly string[];
  readonly stateless: boolean;
  capabilities(): ServerCapabilities;
  subscribe(listener: (event: ServerEvent) => void): () => void;
  /** Hears of sessions that ended. */
  readonly ends: SessionEndSink;
}

function missingSession(id?: JSONRPCRequest['id']): FinalResponse {
  return errorResponse(id, -32600, 'Bad request: the Mcp-Session-Id header is required', 'no-session');
}

export function unknownSession(id?: JSONRPCRequest['id']): FinalResponse {
  return errorResponse(id, -32600, 'Session not found: initialize a new session', 'unknown-session');
}

/**
 * Where legacy peers are found: stdio connections (the era each fixed, and its session), HTTP
 * sessions with something live in this process, and which peers hear about changes (a
 * connection, or a session with its `GET` stream open). The one bus subscription is held only
 * while some peer listens.
 */
export class PeerDirectory {
  private readonly connections = new WeakMap<PeerChannel, { era: Era; peer?: LivePeer }>();
  /** HTTP sessions with requests running or a `GET` stream open in this process. */
  private readonly live = new Map<string, LivePeer>();
  private readonly listeners = new Set<LivePeer>();
  /** The connections with a session open, and where their peer is: each ends once (closed, or the server closed). */
  private readonly openConnections = new Map<LivePeer, NetworkPeer>();
  private stopEvents: (() => void) | undefined;

  constructor(private readonly source: PeerSource) {
    // A session ended on another instance ends here too.
    source.store.onEnded?.((sessionId) => this.end(sessionId));
    source.store.onExpired?.((session, expiredAt) => {
      this.end(session.id);
      reportEnd(source.ends, session, 'expired', EXPIRED_NETWORK, true, expiredAt);
    });
  }

  /** The era a connection's first message fixed, if any. */
  eraOf(channel: PeerChannel): Era | undefined {
    return this.connections.get(channel)?.era;
  }

  fixEra(channel: PeerChannel, era: Era): void {
    this.connections.set(channel, { era });
  }

  /** The connection's peer, once `initialize` succeeded on it. */
  connectionPeer(channel: PeerChannel): LivePeer | undefined {
    return this.connections.get(channel)?.peer;
  }

  /** Opens the session of a connection; it ends, and stops hearing events, when the connection closes. */
  openConnection(channel: PeerChannel, session: SessionRecord, network: NetworkPeer): void {
    const peer = new LivePeer(session, channel);
    this.connections.set(channel, { era: 'legacy', peer });
    this.openConnections.set(peer, network);
    this.listen(peer);
    channel.closed.addEventListener(
      'abort',
      () => {
        this.listeners.delete(peer);
        this.release(peer);
        this.connectionEnded(peer, 'closed');
      },
      { once: true },
    );
  }

  /** The server closed: the sessions of its open connections end. */
  close(): void {
    for (const peer of [...this.openConnections.keys()]) this.connectionEnded(peer, 'server-closed');
  }

  /** Reports the end of an HTTP session (`DELETE`). */
  httpSessionEnded(session: SessionRecord, network: NetworkPeer): void {
    reportEnd(this.source.ends, session, 'deleted', network, true);
  }

  private connectionEnded(peer: LivePeer, reason: 'closed' | 'server-closed'): void {
    const network = this.openConnections.get(peer);
    if (network === undefined) return;
    this.openConnections.delete(peer);
    reportEnd(this.source.ends, peer.session, reason, network, false);
  }

  /**
   * The peer and session of a message after `initialize`: the connection's, the one named by
   * `Mcp-Session-Id` (400 without, 404 unknown, ended, or opened by another principal), or one of
   * its own in stateless mode. An
   * `MCP-Protocol-Version` naming a revision not served is 400 (2025-06-18 and later); without it
   * the session's version holds, or 2025-03-26 without a session (B-12).
   */
  async find(context: RequestContext, id: JSONRPCRequest['id'] | undefined): Promise<Found> {
    const channel = context.channel;
    if (channel !== undefined) {
      const peer = this.connectionPeer(channel);
      if (peer?.session === undefined)
        return errorFinal(McpError.invalidRequest('send initialize first'), id);
      return { peer, session: peer.session, owner: peer };
    }
    const { versions, stateless, store } = this.source;
    const header = context.headers?.get('mcp-protocol-version') ?? null;
    if (header !== null && !versions.includes(header)) {
      return errorFinal(McpError.unsupportedProtocolVersion(header, versions), id);
    }
    if (stateless) {
      const session: SessionRecord = {
        id: '',
        protocolVersion: header ?? '2025-03-26',
        clientCapabilities: {},
        clientInfo: undefined,
        subscriptions: [],
      };
      return { peer: new LivePeer(session, undefined), session, owner: STATELESS_OWNER };
    }
    const sessionId = context.headers?.get('mcp-session-id') ?? null;
    if (sessionId === null) return missingSession(id);
    const session = await store.get(sessionId);
    // Another caller's session is answered as an unknown one: nothing confirms that it exists.
    if (session === undefined || session.principal !== context.auth?.principal) return unknownSession(id);
    let peer = this.live.get(sessionId);
    if (peer === undefined) {
      peer = new LivePeer(session, undefined);
      this.live.set(sessionId, peer);
    } else {
      peer.session = session;
    }
    return { peer, session, owner: peer };
  }

  /** The live peer of an HTTP session in this process, if any. */
  livePeer(sessionId: string): LivePeer | undefined {
    return this.live.get(sessionId);
  }

  /**
   * Who owns the server-to-client requests a message may answer or cancel: the connection's peer,
   * or in stateless mode the one owner of all. (Over HTTP with sessions, `find` the session: it
   * checks who asks.)
   */
  ownerOf(context: RequestContext): object | undefined {
    if (context.channel !== undefined) return this.connectionPeer(context.channel);
    return this.source.stateless ? STATELESS_OWNER : undefined;
  }

  /** Stores a changed session; the live peer sees the change at once. */
  async change(peer: LivePeer, session: SessionRecord): Promise<void> {
    peer.session = session;
    if (peer.channel === undefined && !this.source.stateless) await this.source.store.update(session);
  }

  /** Forgets what is no longer live: a peer without a stream stops listening; an idle session goes. */
  release(peer: LivePeer): void {
    if (peer.stream === undefined && peer.channel === undefined) this.listeners.delete(peer);
    if (this.listeners.size === 0 && this.stopEvents !== undefined) {
      this.stopEvents();
      this.stopEvents = undefined;
    }
    const key = peer.session?.id;
    if (peer.idle && key !== undefined && this.live.get(key) === peer) this.live.delete(key);
  }

  /** Ends a session's live state: its running requests are cancelled and its `GET` stream closed. */
  end(sessionId: string): void {
    const peer = this.live.get(sessionId);
    if (peer === undefined) return;
    const reason = new DOMException('The session ended', 'AbortError');
    for (const running of peer.running.values()) running.cancel(reason);
    peer.stream?.end();
    peer.stream = undefined;
    this.live.delete(sessionId);
    this.listeners.delete(peer);
    this.release(peer);
  }

  /** Lets `peer` hear about changes; the first listener subscribes to the server's bus. */
  listen(peer: LivePeer): void {
    this.listeners.add(peer);
    this.stopEvents ??= this.source.subscribe((event) => {
      const capabilities = this.source.capabilities() as Record<
        string,
        { listChanged?: boolean } | undefined
      >;
      const listChanged = (kind: string) => capabilities[kind]?.listChanged === true;
      for (const each of this.listeners) {
        if (event.type === 'resources/updated' && each.channel === undefined)
          this.deliverFresh(each, event, listChanged);
        else each.deliver(event, listChanged);
      }
    });
  }

  /**
   * Delivers a resource update to an HTTP session's `GET` stream by the session's subscriptions as
   * the store has them now: another instance may have served its `resources/subscribe` since this
   * one read it. A session ended meanwhile hears nothing; a store that fails, what was read last.
   */
  private deliverFresh(peer: LivePeer, event: ServerEvent, listChanged: (kind: string) => boolean): void {
    const id = peer.session?.id;
    if (!id) return;
    this.source.store.get(id).then(
      (fresh) => {
        if (fresh === undefined) return;
        peer.session = fresh;
        peer.deliver(event, listChanged);
      },
      () => peer.deliver(event, listChanged),
    );
  }
}
