/** Something with a deadline: a request in flight. */
export interface Expiring {
  /** When it runs out of time (`Date.now()` clock); may move later, never earlier. */
  readonly deadline: number;
  /** The deadline passed: give up. Called at most once, after which it is no longer tracked. */
  expire(now: number): void;
  /** Links of the list `Deadlines` keeps; only `Deadlines` touches them. */
  deadlinePrevious: Expiring | undefined;
  deadlineNext: Expiring | undefined;
}

/** The longest delay `setTimeout` honours; anything above fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** `ms` as a delay `setTimeout` honours: never negative, never past its maximum. */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(ms, 0), MAX_TIMER_MS);
}

/**
 * One timer for every request of a client instead of one per request. It is armed for the
 * earliest deadline it knows; when it fires it expires what is due and re-arms for the rest.
 * Requests that end early only leave the list, so a run of calls with the same timeout arms the
 * timer once per timeout period rather than once per call. While nothing is tracked the timer
 * is unreferenced, so a waiting deadline never keeps the process alive.
 *
 * The tracked items form an intrusive linked list, unlinked completely on removal: a `Set` with
 * this much churn keeps retired entries reachable long enough for the young-generation GC to
 * promote them, which costs more than everything else a call does.
 */
export class Deadlines {
  #head: Expiring | undefined;
  #size = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires; `Infinity` when none is armed. */
  #firesAt = Number.POSITIVE_INFINITY;
  #referenced = false;

  /** Starts tracking `item` until it is deleted or expired. */
  add(item: Expiring): void {
    const head = this.#head;
    item.deadlineNext = head;
    if (head) head.deadlinePrevious = item;
    this.#head = item;
    this.#size++;
    if (item.deadline < this.#firesAt) this.#arm(item.deadline, Date.now());
    else if (!this.#referenced) this.#reference(true);
  }

  /** Stops tracking `item` (nothing happens if it is not tracked). */
  delete(item: Expiring): void {
    if (item.deadlinePrevious === undefined && this.#head !== item) return;
    this.#unlink(item);
    if (this.#size === 0) this.#reference(false);
  }

  #unlink(item: Expiring): void {
    const previous = item.deadlinePrevious;
    const next = item.deadlineNext;
    if (previous) previous.deadlineNext = next;
    else this.#head = next;
    if (next) next.deadlinePrevious = previous;
    item.deadlinePrevious = item.deadlineNext = undefined;
    this.#size--;
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#firesAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    const due: Expiring[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (let item = this.#head; item !== undefined; ) {
      const following = item.deadlineNext;
      if (item.deadline <= now) {
        this.#unlink(item);
        due.push(item);
      } else if (item.deadline < next) {
        next = item.deadline;
      }
      item = following;
    }
    this.#referenced = false;
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next, now);
    for (const item of due) item.expire(now);
  };

  #arm(at: number, now: number): void {
    if (!Number.isFinite(at)) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#firesAt = at;
    this.#timer = setTimeout(this.#fire, timerDelay(at - now));
    this.#referenced = true;
    if (this.#size === 0) this.#reference(false);
  }

  #reference(on: boolean): void {
    this.#referenced = on;
    const timer = this.#timer as { ref?: () => void; unref?: () => void } | number | undefined;
    if (typeof timer !== 'object') return;
    if (on) timer.ref?.();
    else timer.unref?.();
  }
}
