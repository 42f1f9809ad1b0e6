import { describe, expect, it, vi } from 'vitest';
import { closeQuietly, SETTLED_DONE } from '../src/close-quietly.js';
import { sleep } from '../src/sleep.js';

describe('sleep', () => {
  it('resolves after the time', async () => {
    const started = performance.now();
    await sleep(30, new AbortController().signal);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('without a signal, resolves after the time', async () => {
    const started = performance.now();
    await sleep(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('resolves, never rejects, as soon as the signal aborts (or at once when it already did)', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).resolves.toBeUndefined();
    await expect(sleep(60_000, controller.signal)).resolves.toBeUndefined();
  });
});

describe('closeQuietly', () => {
  it('runs the iterator cleanup', async () => {
    let cleaned = false;
    const iterator = (async function* () {
      try {
        yield 1;
        yield 2;
      } finally {
        cleaned = true;
      }
    })();
    await iterator.next();
    closeQuietly(iterator);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cleaned).toBe(true);
  });

  it('ignores a return that throws, rejects, or is missing', async () => {
    const next = async () => ({ done: true as const, value: undefined });
    expect(() =>
      closeQuietly({
        next,
        return: () => {
          throw new Error('sync');
        },
      }),
    ).not.toThrow();
    closeQuietly({ next, return: () => Promise.reject(new Error('async')) });
    closeQuietly({ next });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('attaches nothing to SETTLED_DONE, which cannot reject, and still catches any other return', async () => {
    const then = vi.spyOn(SETTLED_DONE, 'then');
    const next = async () => ({ done: true as const, value: undefined });
    try {
      closeQuietly({ next, return: () => SETTLED_DONE });
      expect(then).not.toHaveBeenCalled();
    } finally {
      then.mockRestore();
    }
    const rejected = Promise.reject(new Error('async'));
    const caught = vi.spyOn(rejected, 'then');
    closeQuietly({ next, return: () => rejected });
    expect(caught).toHaveBeenCalledTimes(1);
    await expect(SETTLED_DONE).resolves.toEqual({ done: true, value: undefined });
  });
});
