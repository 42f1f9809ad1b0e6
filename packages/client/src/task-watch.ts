import type { DetailedTask } from '@mcpkit/protocol';

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
 * The `notifications/tasks` of one task, as `TaskListenHub` hands them over from the listen stream
 * it shares among every task being followed. The follower takes its events one at a time
 * with `next`, each wait bounded by a delay of its choosing, so a silent stream never holds the
 * call longer than that.
 */
export class TaskWatch {
  readonly taskId: string;
  /** Whether an acknowledgement that covers this task was reported. */
  acknowledged = false;
  readonly #events: WatchEvent[] = [];
  readonly #onClose: (watch: TaskWatch) => void;
  #wake: (() => void) | undefined;
  #closed = false;

  constructor(taskId: string, onClose: (watch: TaskWatch) => void) {
    this.taskId = taskId;
    this.#onClose = onClose;
  }

  /** Stops watching: nothing more is reported, and the hub may close its stream. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#wake?.();
    this.#onClose(this);
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

  /** Queues `event` for `next`. */
  report(event: WatchEvent): void {
    if (this.#closed) return;
    // Only the latest state matters (it lists every outstanding question): a backlog stays short.
    const last = this.#events.length - 1;
    if (event.kind === 'task' && this.#events[last]?.kind === 'task') this.#events[last] = event;
    else this.#events.push(event);
    this.#wake?.();
  }
}
