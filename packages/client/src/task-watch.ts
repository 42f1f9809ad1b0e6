import type { DetailedTask, JSONRPCNotification, RequestId } from '@mcpkit/protocol';
import { abortable, decodeMessage, ErrorCode, subscriptionIdOf } from '@mcpkit/protocol/internal';
import { isAcknowledgement } from './listen-checks.js';
import type { CallOptions } from './options.js';
import type { Requester } from './requester.js';
import { loadedTaskChecks } from './task-checks.js';

/**
 * What a watch reports: whether the server agreed to send the task's notifications (`granted`, and
 * whether it knows task notifications at all), a new state of the task, or that the stream ended.
 */
export type WatchEvent =
  | { kind: 'acknowledged'; granted: boolean; knowsTasks: boolean }
  | { kind: 'task'; task: DetailedTask }
  /** `unsupported`: the server does not know `subscriptions/listen` (`-32601`). */
  | { kind: 'ended'; unsupported: boolean };

/**
 * One `subscriptions/listen` stream that asks for `notifications/tasks` of one task, read in
 * the background. The follower takes its events one at a time with `next`, each wait bounded by a
 * delay of its choosing, so a silent stream never holds the call longer than that.
 */
export class TaskWatch {
  readonly #taskId: string;
  readonly #controller = new AbortController();
  readonly #events: WatchEvent[] = [];
  #wake: (() => void) | undefined;
  #ended = false;

  constructor(requester: Requester, taskId: string, options: CallOptions) {
    this.#taskId = taskId;
    const request = requester.build(
      'subscriptions/listen',
      { notifications: { taskIds: [taskId] } },
      requester.version,
      { meta: options.meta },
    );
    void this.#read(requester, request);
  }

  /** Stops listening; the stream is cancelled and nothing more is reported. */
  close(): void {
    this.#ended = true;
    this.#controller.abort();
    this.#wake?.();
  }

  /**
   * The next event, or `undefined` when `ms` pass without one. Rejects with `signal.reason` when
   * `signal` aborts first.
   */
  next(ms: number, signal: AbortSignal): Promise<WatchEvent | undefined> {
    const ready = this.#events.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const done = (abort: boolean) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#wake = undefined;
        if (abort) reject(signal.reason);
        else resolve(this.#events.shift());
      };
      const onAbort = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#wake = () => done(false);
    });
  }

  async #read(requester: Requester, request: ReturnType<Requester['build']>): Promise<void> {
    const signal = this.#controller.signal;
    let unsupported = false;
    try {
      const exchange = requester.transport.exchange(request, { signal });
      for await (const message of abortable(exchange, signal)) {
        const decoded = decodeMessage(message);
        if (!decoded.ok) continue;
        // A response (the server closed the stream) or an error: either way, no more news here.
        if (decoded.kind !== 'notification') {
          unsupported = decoded.kind === 'error' && decoded.message.error.code === ErrorCode.MethodNotFound;
          break;
        }
        this.#notification(decoded.message, request.id);
      }
    } catch {
      // A lost stream is an ended watch: the follower polls instead.
    }
    this.#report({ kind: 'ended', unsupported });
    this.#ended = true;
  }

  #notification(notification: JSONRPCNotification, id: RequestId): void {
    if (subscriptionIdOf(notification) !== id) return;
    const params = (notification.params ?? {}) as Record<string, unknown>;
    if (notification.method === 'notifications/subscriptions/acknowledged') {
      if (!isAcknowledgement(params)) return;
      const taskIds = (params.notifications as { taskIds?: unknown }).taskIds;
      const granted = Array.isArray(taskIds) && taskIds.includes(this.#taskId);
      this.#report({ kind: 'acknowledged', granted, knowsTasks: taskIds !== undefined });
    } else if (
      notification.method === 'notifications/tasks' &&
      params.taskId === this.#taskId &&
      // A watch starts inside TaskFollower.follow, once the task checks have loaded.
      loadedTaskChecks()!.isDetailedTask(params)
    ) {
      const { _meta, ...task } = params;
      this.#report({ kind: 'task', task: task as unknown as DetailedTask });
    }
  }

  #report(event: WatchEvent): void {
    if (this.#ended) return;
    // Only the latest state matters (it lists every outstanding question): a backlog stays short.
    const last = this.#events.length - 1;
    if (event.kind === 'task' && this.#events[last]?.kind === 'task') this.#events[last] = event;
    else this.#events.push(event);
    this.#wake?.();
  }
}
