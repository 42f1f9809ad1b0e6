/** When a dead server process is replaced (T-17). */
export type RestartMode =
  /** Start a new process when the next exchange needs one (default). */
  | 'on-demand'
  /** Start a new process as soon as the old one is gone, so listens can be re-opened at once. */
  | 'immediately'
  /** Never: after the process dies, every exchange fails with `connection-lost`. */
  | 'never';

/** How restarts are paced. */
export interface RestartOptions {
  mode?: RestartMode;
  /** Delay before the second consecutive restart; it doubles after each further one. Default 100 ms. */
  initialDelayMs?: number;
  /** Longest delay between restarts. Default 5,000 ms. */
  maxDelayMs?: number;
  /**
   * Consecutive failed processes (each died within `stableAfterMs` of its start, or never started)
   * after which the transport gives up for good. Default 5.
   */
  maxAttempts?: number;
  /**
   * How long a process must stay up to count as started well. When one that did dies, the next
   * restart is immediate and the count of consecutive failures starts over; one that dies sooner is
   * one more failure, whatever it sent or answered first (a server that crashes on every start or on
   * every re-opened listen would otherwise be respawned at once, forever). Default 2,000 ms.
   */
  stableAfterMs?: number;
}

/** `RestartOptions` with every default applied. */
export type RestartPolicy = Required<RestartOptions>;

/** Fills in the defaults of `options`. */
export function restartPolicy(options: RestartOptions = {}): RestartPolicy {
  return {
    mode: options.mode ?? 'on-demand',
    initialDelayMs: options.initialDelayMs ?? 100,
    maxDelayMs: options.maxDelayMs ?? 5000,
    maxAttempts: options.maxAttempts ?? 5,
    stableAfterMs: options.stableAfterMs ?? 2000,
  };
}

/** What to do after the `failures`-th consecutive failed process. */
export type RestartDecision = { restart: true; delayMs: number } | { restart: false };

/**
 * The restart decision after a process died. The first restart after a stable process (or the
 * first process) is immediate; each further consecutive failure doubles the delay, up to
 * `maxDelayMs`; after `maxAttempts` consecutive failures, or in mode `never`, there is no restart.
 *
 * @example
 * ```ts
 * restartDecision(3, restartPolicy()); // { restart: true, delayMs: 200 }
 * ```
 */
export function restartDecision(failures: number, policy: RestartPolicy): RestartDecision {
  if (policy.mode === 'never' || failures > policy.maxAttempts) return { restart: false };
  if (failures <= 1) return { restart: true, delayMs: 0 };
  const delayMs = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (failures - 2));
  return { restart: true, delayMs };
}
