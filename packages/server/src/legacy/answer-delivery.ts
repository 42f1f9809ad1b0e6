import type { AnswerRouter, RoutedAnswer } from './answer-router.js';
import { LivePeer } from './live-peer.js';
import { OutboundRequests } from './outbound.js';
import type { PeerDirectory } from './peers.js';

/** The caller of a response or notification: who owns the server's requests it may answer. */
export interface AnswerCaller {
  readonly owner: object | undefined;
  readonly peer: LivePeer | undefined;
}

/**
 * Applies what a client sent about a request to the requests `owner` holds in this process: an
 * answer settles the server's request it answers; a cancellation ends the client's request it
 * names, or withdraws the server's. False when nothing here had that id.
 */
function deliverHere(outbound: OutboundRequests, owner: object, answer: RoutedAnswer): boolean {
  if (answer.kind === 'response') return outbound.settle(owner, answer.response);
  const { requestId, reason } = answer;
  const running = owner instanceof LivePeer ? owner.running.get(requestId) : undefined;
  running?.cancel(new DOMException(`Cancelled by the client${reason ? `: ${reason}` : ''}`, 'AbortError'));
  return outbound.cancelledByPeer(owner, requestId, reason) || running !== undefined;
}

/**
 * The server's requests to legacy clients and where their answers go: to the request in this
 * process, or, for an HTTP session, through the answer router to the instance that asked.
 */
export class AnswerDelivery {
  readonly outbound: OutboundRequests;

  constructor(
    private readonly peers: PeerDirectory,
    private readonly router: AnswerRouter | undefined,
  ) {
    this.outbound = new OutboundRequests(router);
    router?.listen((sessionId, answer) => {
      const peer = peers.livePeer(sessionId);
      if (peer !== undefined) deliverHere(this.outbound, peer, answer);
    });
  }

  /**
   * Applies an answer or cancellation from `caller`, here or on the instance that holds its
   * request; releases the caller's peer. False when no instance holds it.
   */
  async deliver({ owner, peer }: AnswerCaller, answer: RoutedAnswer): Promise<boolean> {
    try {
      if (owner !== undefined && deliverHere(this.outbound, owner, answer)) return true;
      // Only an HTTP session's messages may reach another instance: a connection's never do.
      const sessionId = peer?.channel === undefined ? peer?.session?.id : undefined;
      if (this.router === undefined || !sessionId) return false;
      return await this.router.route(sessionId, answer);
    } finally {
      if (peer !== undefined) this.peers.release(peer);
    }
  }
}
