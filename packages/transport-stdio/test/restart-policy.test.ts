import { describe, expect, it } from 'vitest';
import { restartDecision, restartPolicy } from '../src/index.js';

describe('restart policy (T-17)', () => {
  it('defaults: on demand, 100 ms doubling up to 5 s, 5 attempts, stable after 2 s up', () => {
    expect(restartPolicy()).toEqual({
      mode: 'on-demand',
      initialDelayMs: 100,
      maxDelayMs: 5000,
      maxAttempts: 5,
      stableAfterMs: 2000,
    });
  });

  it('restarts at once after a stable process died, then backs off exponentially up to the cap', () => {
    const policy = restartPolicy({ initialDelayMs: 100, maxDelayMs: 350, maxAttempts: 10 });
    const delays = [1, 2, 3, 4, 5].map((failures) => restartDecision(failures, policy));
    expect(delays).toEqual([
      { restart: true, delayMs: 0 },
      { restart: true, delayMs: 100 },
      { restart: true, delayMs: 200 },
      { restart: true, delayMs: 350 },
      { restart: true, delayMs: 350 },
    ]);
  });

  it('gives up after maxAttempts consecutive failures', () => {
    const policy = restartPolicy({ maxAttempts: 3 });
    expect(restartDecision(3, policy).restart).toBe(true);
    expect(restartDecision(4, policy)).toEqual({ restart: false });
  });

  it('never restarts in mode "never"', () => {
    expect(restartDecision(1, restartPolicy({ mode: 'never' }))).toEqual({ restart: false });
  });
});
