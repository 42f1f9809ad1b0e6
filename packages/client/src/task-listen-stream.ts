import type { DetailedTask, JSONRPCNotification, JSONRPCRequest, RequestId } from '@mcpkit/protocol';
import {
  abortable,
  decodeMessage,
  ErrorCode,
  subscriptionIdOf,
  TransportError,
} from '@mcpkit/protocol/internal';
import type { CallResult } from './call.js';
import { peerError } from './errors.js';
import { isAcknowledgement } from './listen-checks.js';
import type { Requester } from './requester.js';
import { loadedTaskChecks } from './task-checks.js';
import { hookedServerNotification } from './wire-hooks.js';

/** What a `TaskListenStream` tells its owner. */
export interface TaskListenEvents {
  /** The server acknowledged the listen: the task ids it will notify, or `undefined` if it knows no task notifications. */
  acknowledged(stream: TaskListenStream, taskIds: readonly unknown[] | undefined): void;
  task(stream: TaskListenStream, task: DetailedTask): void;
  /** The stream ended by itself (not by `close`); `unsupported` when the server does not know `subscriptions/listen`. */
  ended(stream: TaskListenStream, unsupported: boolean): void;
}

/**
 * One `subscriptions/listen` request asking for the `notifications/tasks` of a set of tasks,
 * read in the background.
 */
export class TaskListenStream {
  readonly taskIds: ReadonlySet<string>;
  readonly #controller = new AbortController();
  readonly #events: TaskListenEvents;
  #closed = false;
  /** The server answered that it does not know `subscriptions/listen`. */
  #unsupported = false;

  constructor(requester: Requester, taskIds: ReadonlySet<string>, events: TaskListenEvents) {
    this.taskIds = taskIds;
    this.#events = events;
    const request = requester.build(
      'subscriptions/listen',
      { notifications: { taskIds: [...taskIds] } },
      requester.version,
      {},
    );
    void this.#read(requester, request);
  }

  /** Cancels the stream; nothing more is reported. */
  close(): void {
    this.#closed = true;
    this.#controller.abort();
  }

  async #read(requester: Requester, request: ReturnType<Requester['build']>): Promise<void> {
    try {
      await requester.sendThroughHooks(request, undefined, requester.version, (sent) =>
        this.#stream(requester, sent),
      );
    } catch {
      // A lost stream is an ended one: its tasks are polled instead.
    }
    if (!this.#closed) {
      this.#closed = true;
      this.#events.ended(this, this.#unsupported);
    }
  }

  /** Reads the stream of `request`; resolves with its final result, rejects with its error. */
  async #stream(requester: Requester, request: JSONRPCRequest): Promise<CallResult> {
    const signal = this.#controller.signal;
    const exchange = requester.transport.exchange(request, { signal, sendCancel: requester.cancelModern });
    for await (const message of abortable(exchange, signal)) {
      const decoded = decodeMessage(message);
      if (!decoded.ok || decoded.kind === 'request') continue;
      if (decoded.kind === 'notification') {
        const receive = requester.receiveModern;
        if (receive === undefined) this.#notification(decoded.message, request.id);
        else
          hookedServerNotification(receive, decoded.message, undefined, requester.version, (handed) =>
            this.#notification(handed, request.id),
          );
        continue;
      }
      // A response (the server closed the stream) or an error: either way, no more news here.
      if (decoded.kind === 'response') return decoded.message.result as CallResult;
      this.#unsupported = decoded.message.error.code === ErrorCode.MethodNotFound;
      throw peerError(decoded.message, request.method, request.params ?? {});
    }
    throw new TransportError('connection-lost', 'the listen stream ended without a response');
  }

  #notification(notification: JSONRPCNotification, id: RequestId): void {
    if (this.#closed || subscriptionIdOf(notification) !== id) return;
    const params = (notification.params ?? {}) as Record<string, unknown>;
    if (notification.method === 'notifications/subscriptions/acknowledged') {
      if (!isAcknowledgement(params)) return;
      const taskIds = (params.notifications as { taskIds?: unknown }).taskIds;
      this.#events.acknowledged(this, Array.isArray(taskIds) ? taskIds : undefined);
    } else if (
      notification.method === 'notifications/tasks' &&
      typeof params.taskId === 'string' &&
      this.taskIds.has(params.taskId) &&
      // A stream opens inside TaskFollower.follow, once the task checks have loaded.
      loadedTaskChecks()!.isDetailedTask(params)
    ) {
      const { _meta, ...task } = params;
      this.#events.task(this, task as unknown as DetailedTask);
    }
  }
}
