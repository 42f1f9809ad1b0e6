/** Something with a deadline: a request in flight. */
export interface Expiring {
  /** When it runs out of time (`Date.now()` clock); may move later, never earlier. */
  readonly deadline: number;
  /** The deadline passed: give up. Called at most once, after which it is no longer tracked. */
  expire(now: number): void;
}

/** The longest delay `setTimeout` honours; anything above fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * One timer for every request of a client instead of one per request. It is armed for the
 * earliest deadline it knows; when it fires it expires what is due and re-arms for the rest.
 * Requests that end early only leave the set, so a run of calls with the same timeout arms the
 * timer once per timeout period rather than once per call. While nothing is tracked the timer
 * is unreferenced, so a waiting deadline never keeps the process alive.
 */
export class Deadlines {
  readonly #tracked = new Set<Expiring>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires; `Infinity` when none is armed. */
  #firesAt = Number.POSITIVE_INFINITY;
  #referenced = false;

  /** Starts tracking `item` until it is deleted or expired. */
  add(item: Expiring): void {
    this.#tracked.add(item);
    if (item.deadline < this.#firesAt) this.#arm(item.deadline, Date.now());
    else if (!this.#referenced) this.#reference(true);
  }

  /** Stops tracking `item`. */
  delete(item: Expiring): void {
    if (this.#tracked.delete(item) && this.#tracked.size === 0) this.#reference(false);
  }

  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#firesAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const item of this.#tracked) {
      if (item.deadline <= now) {
        this.#tracked.delete(item);
        item.expire(now);
      } else if (item.deadline < next) {
        next = item.deadline;
      }
    }
    if (this.#tracked.size === 0) this.#referenced = false;
    if (next !== Number.POSITIVE_INFINITY) this.#arm(next, now);
  };

  #arm(at: number, now: number): void {
    if (!Number.isFinite(at)) return;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#firesAt = at;
    this.#timer = setTimeout(this.#fire, Math.min(Math.max(at - now, 0), MAX_TIMER_MS));
    this.#referenced = true;
    if (this.#tracked.size === 0) this.#reference(false);
  }

  #reference(on: boolean): void {
    this.#referenced = on;
    const timer = this.#timer as { ref?: () => void; unref?: () => void } | number | undefined;
    if (typeof timer !== 'object') return;
    if (on) timer.ref?.();
    else timer.unref?.();
  }
}
