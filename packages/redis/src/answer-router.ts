import type { AnswerRouter, RoutedAnswer } from '@mcpkit/server';
import type { RedisLink } from './link.js';
import type { RedisSubscriber } from './pubsub.js';

/** What travels on the router's channels. */
interface Envelope {
  readonly sessionId: string;
  readonly answer: RoutedAnswer;
  /** The instance that routed it (cancellations reach every instance, the sender's own included). */
  readonly from: string;
}

/** Longer ids are none of ours (`mcpkit-<uuid>-<n>`): refused without asking Redis. */
const MAX_ID_LENGTH = 200;

/**
 * An `AnswerRouter` over Redis: the instances behind a load balancer hand each other a 2025
 * client's answers to server-to-client requests, and its cancellations.
 *
 * - The asking instance records `<prefix>:answer:<session>:<request>` = its instance id, expiring
 *   with the request's timeout, before the request goes out, and deletes it once the request ends.
 * - The instance that receives an answer it does not hold takes that key (`GETDEL`: a second answer
 *   finds nothing) and publishes the answer on the asker's channel `<prefix>:answers:<instance>`.
 *   No key, or nobody subscribed (the asker died), and the answer is refused, as on one instance.
 * - A cancellation goes to every instance on `<prefix>:cancels`: it may name a request of the
 *   server's or one of the client's own, running anywhere.
 *
 * `createRedisCluster` builds one (`cluster.server.legacy.answerRouter`); closing the cluster's
 * subscriber connection ends its subscriptions.
 */
export class RedisAnswerRouter implements AnswerRouter {
  private readonly inbox: string;
  private readonly cancels: string;
  private deliver: ((sessionId: string, answer: RoutedAnswer) => void) | undefined;

  constructor(
    private readonly link: RedisLink,
    private readonly subscriber: RedisSubscriber,
    private readonly instanceId: string,
  ) {
    this.inbox = link.key('answers', instanceId);
    this.cancels = link.key('cancels');
  }

  /** Subscribes to this instance's channels; answers are routed here only after it resolves. */
  async start(): Promise<void> {
    const receive = (message: string) => this.receive(message);
    await Promise.all([
      this.subscriber.subscribe(this.inbox, receive),
      this.subscriber.subscribe(this.cancels, receive),
    ]);
  }

  listen(deliver: (sessionId: string, answer: RoutedAnswer) => void): void {
    this.deliver = deliver;
  }

  async expect(sessionId: string, requestId: string, ttlMs: number): Promise<void> {
    await this.link.command([
      'SET',
      this.keyOf(sessionId, requestId),
      this.instanceId,
      'PX',
      String(Math.max(1, Math.ceil(ttlMs))),
    ]);
  }

  forget(sessionId: string, requestId: string): void {
    // The key expires with the request's timeout anyway: a failure here only delays that.
    this.link.command(['DEL', this.keyOf(sessionId, requestId)]).catch(() => {});
  }

  async route(sessionId: string, answer: RoutedAnswer): Promise<boolean> {
    const envelope: Envelope = { sessionId, answer, from: this.instanceId };
    if (answer.kind === 'cancelled') {
      await this.link.command(['PUBLISH', this.cancels, JSON.stringify(envelope)]);
      return true;
    }
    const id = answer.response.id;
    if (typeof id !== 'string' || id.length > MAX_ID_LENGTH) return false;
    const owner = await this.link.command<string | null>(['GETDEL', this.keyOf(sessionId, id)]);
    if (owner === null) return false;
    const heard = await this.link.command<number>([
      'PUBLISH',
      this.link.key('answers', owner),
      JSON.stringify(envelope),
    ]);
    return heard > 0;
  }

  private keyOf(sessionId: string, requestId: string): string {
    return this.link.key('answer', sessionId, requestId);
  }

  private receive(message: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === this.instanceId || typeof envelope.sessionId !== 'string') return;
    this.deliver?.(envelope.sessionId, envelope.answer);
  }
}
