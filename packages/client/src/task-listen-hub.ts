import type { DetailedTask } from '@mcpkit/protocol';
import type { Requester } from './requester.js';
import { type TaskListenEvents, TaskListenStream } from './task-listen-stream.js';
import { TaskWatch } from './task-watch.js';

/**
 * One listen stream for every task the client follows, instead of one per task: a stream
 * holds a connection for as long as it is open, and a browser gives an origin six of them over
 * HTTP/1.1 (Node's agent, 64), so a stream per task would stall every other request once that
 * many tasks run.
 *
 * A listen names its task ids when it is sent, so a task that starts later needs a new stream:
 * the hub opens one for every task then followed and closes the one it replaces once the new one
 * is acknowledged, so that no notification falls between the two. At most two streams are open,
 * the one in use and the one replacing it; tasks that start meanwhile wait for the next. A task
 * that stops being followed only leaves the set: its notifications are dropped until the stream is
 * replaced anyway, or closed when no task is left.
 */
export class TaskListenHub implements TaskListenEvents {
  readonly #requester: Requester;
  readonly #watches = new Map<string, Set<TaskWatch>>();
  /** The acknowledged stream. */
  #current: TaskListenStream | undefined;
  /** What the server said of `#current`: the task ids it notifies, `undefined` if none at all. */
  #currentGranted: readonly unknown[] | undefined;
  /** The stream sent to replace `#current`, not acknowledged yet. */
  #next: TaskListenStream | undefined;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** Watches `taskId`'s notifications; close the watch when the task no longer needs them. */
  watch(taskId: string): TaskWatch {
    const watch = new TaskWatch(taskId, (closed) => this.#release(closed));
    let watches = this.#watches.get(taskId);
    if (watches === undefined) {
      watches = new Set();
      this.#watches.set(taskId, watches);
    }
    watches.add(watch);
    if (this.#current?.taskIds.has(taskId)) this.#acknowledge(watch, this.#currentGranted);
    else this.#cover();
    return watch;
  }

  acknowledged(stream: TaskListenStream, granted: readonly unknown[] | undefined): void {
    if (stream !== this.#next) return;
    const replaced = this.#current;
    this.#current = stream;
    this.#currentGranted = granted;
    this.#next = undefined;
    for (const taskId of stream.taskIds) {
      for (const watch of this.#watches.get(taskId) ?? []) {
        if (!watch.acknowledged) this.#acknowledge(watch, granted);
      }
    }
    replaced?.close();
    this.#cover();
  }

  task(_stream: TaskListenStream, task: DetailedTask): void {
    for (const watch of this.#watches.get(task.taskId) ?? []) watch.report({ kind: 'task', task });
  }

  ended(stream: TaskListenStream, unsupported: boolean): void {
    // The tasks waiting for this stream (its own, or the acknowledged ones it served) are polled
    // from now on: their watches hear that it ended and leave the hub.
    const waiting = stream === this.#next;
    if (waiting) this.#next = undefined;
    else if (stream === this.#current) this.#current = undefined;
    else return;
    for (const taskId of stream.taskIds) {
      for (const watch of this.#watches.get(taskId) ?? []) {
        if (watch.acknowledged === waiting) continue;
        watch.report({ kind: 'ended', unsupported });
        this.#release(watch);
      }
    }
    // Tasks that started while the stream was on its way still need one.
    if (this.#watches.size > 0) this.#cover();
  }

  #acknowledge(watch: TaskWatch, granted: readonly unknown[] | undefined): void {
    watch.acknowledged = true;
    watch.report({
      kind: 'acknowledged',
      granted: granted?.includes(watch.taskId) === true,
      knowsTasks: granted !== undefined,
    });
  }

  /** Sends a stream for every followed task, unless one is on its way or the current one has them all. */
  #cover(): void {
    if (this.#next !== undefined) return;
    const current = this.#current;
    let covered = true;
    for (const taskId of this.#watches.keys()) {
      if (!current?.taskIds.has(taskId)) {
        covered = false;
        break;
      }
    }
    if (covered) return;
    this.#next = new TaskListenStream(this.#requester, new Set(this.#watches.keys()), this);
  }

  #release(watch: TaskWatch): void {
    const watches = this.#watches.get(watch.taskId);
    if (watches === undefined || !watches.delete(watch)) return;
    if (watches.size > 0) return;
    this.#watches.delete(watch.taskId);
    if (this.#watches.size > 0) return;
    this.#current?.close();
    this.#next?.close();
    this.#current = undefined;
    this.#next = undefined;
  }
}
