import { McpError } from '@mcpkit/protocol/internal';
import type { TaskForward, TaskRelay, TaskRunner } from '@mcpkit/server';
import type { RedisLink } from './link.js';
import type { RedisSubscriber } from './pubsub.js';
import { unavailable } from './unavailable.js';

/** A request to a runner, as published on its channel. */
interface Forwarded {
  readonly id: string;
  readonly replyTo: string;
  readonly taskId: string;
  readonly request: TaskForward;
}

/** A runner's reply: done, or the error its work answered with. */
interface Reply {
  readonly id: string;
  readonly error?: { code: number; message: string; data?: unknown };
}

interface Waiting {
  resolve(reached: boolean): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Carries `tasks/cancel` and `tasks/update` between instances over pub/sub: every server start
 * listens on `<prefix>:task-runner:<startId>` and keeps a lease `<prefix>:runner:<startId>`
 * (refreshed at a third of `leaseMs`); a task whose runner's lease has lapsed is lost.
 */
export class RedisTaskRelay implements TaskRelay {
  private readonly replyChannel: string;
  private readonly waiting = new Map<string, Waiting>();
  private readonly stops = new Set<() => void>();

  constructor(
    private readonly link: RedisLink,
    private readonly subscriber: RedisSubscriber,
    private readonly leaseMs: number,
    private readonly replyTimeoutMs: number,
  ) {
    this.replyChannel = link.key('task-reply', crypto.randomUUID());
  }

  /** Listens for replies; call once before forwarding. */
  async start(): Promise<void> {
    await this.subscriber.subscribe(this.replyChannel, (message) => this.replied(message));
  }

  serve(runner: TaskRunner, deliver: (taskId: string, request: TaskForward) => Promise<void>): () => void {
    const channel = this.channel(runner);
    const lease = this.lease(runner);
    let stopped = false;
    const renew = () => {
      this.link.command(['SET', lease, '1', 'PX', String(this.leaseMs)]).catch(() => {});
    };
    const timer = setInterval(renew, Math.max(Math.floor(this.leaseMs / 3), 1));
    timer.unref?.();
    this.subscriber
      .subscribe(channel, (message) => {
        void this.answer(message, deliver);
      })
      .then(() => {
        if (!stopped) renew();
      })
      .catch(() => {});
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      this.stops.delete(stop);
      this.subscriber.unsubscribe(channel).catch(() => {});
      this.link.command(['DEL', lease]).catch(() => {});
    };
    this.stops.add(stop);
    return stop;
  }

  async forward(runner: TaskRunner, taskId: string, request: TaskForward): Promise<boolean> {
    const id = crypto.randomUUID();
    const message: Forwarded = { id, replyTo: this.replyChannel, taskId, request };
    const replied = new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(
          unavailable(this.link.where, new Error('the instance running the task did not answer in time')),
        );
      }, this.replyTimeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
    });
    replied.catch(() => {});
    let receivers: number;
    try {
      receivers = await this.link.command<number>(['PUBLISH', this.channel(runner), JSON.stringify(message)]);
    } catch (error) {
      this.settle(id)?.reject(error);
      return replied;
    }
    if (receivers === 0) {
      const waiting = this.settle(id);
      if (await this.alive(runner)) {
        waiting?.reject(
          unavailable(this.link.where, new Error('the instance running the task is not listening')),
        );
      } else waiting?.resolve(false);
    }
    return replied;
  }

  async alive(runner: TaskRunner): Promise<boolean> {
    return (await this.link.command<number>(['EXISTS', this.lease(runner)])) === 1;
  }

  /** Stops serving every runner and drops what waits for replies. */
  async close(): Promise<void> {
    for (const stop of [...this.stops]) stop();
    for (const id of [...this.waiting.keys()]) {
      this.settle(id)?.reject(new Error('The task relay was closed'));
    }
    await this.subscriber.unsubscribe(this.replyChannel).catch(() => {});
  }

  private async answer(
    text: string,
    deliver: (taskId: string, request: TaskForward) => Promise<void>,
  ): Promise<void> {
    let message: Forwarded;
    try {
      message = JSON.parse(text) as Forwarded;
    } catch {
      return;
    }
    let reply: Reply = { id: message.id };
    try {
      await deliver(message.taskId, message.request);
    } catch (error) {
      const mcp =
        error instanceof McpError ? error : McpError.internalError('The task could not take the request');
      reply = { id: message.id, error: { code: mcp.code, message: mcp.message, data: mcp.data } };
    }
    await this.link.command(['PUBLISH', message.replyTo, JSON.stringify(reply)]).catch(() => {});
  }

  private replied(text: string): void {
    let reply: Reply;
    try {
      reply = JSON.parse(text) as Reply;
    } catch {
      return;
    }
    const waiting = this.settle(reply.id);
    if (waiting === undefined) return;
    if (reply.error === undefined) waiting.resolve(true);
    else waiting.reject(new McpError(reply.error.code, reply.error.message, reply.error.data));
  }

  private settle(id: string): Waiting | undefined {
    const waiting = this.waiting.get(id);
    if (waiting === undefined) return undefined;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    return waiting;
  }

  private channel(runner: TaskRunner): string {
    return this.link.key('task-runner', runner.startId);
  }

  private lease(runner: TaskRunner): string {
    return this.link.key('runner', runner.startId);
  }
}
