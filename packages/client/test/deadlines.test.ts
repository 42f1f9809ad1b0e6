import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines, type Expiring } from '../src/deadlines.js';

class Item implements Expiring {
  expiredAt: number | undefined;
  deadlinePrevious: Expiring | undefined;
  deadlineNext: Expiring | undefined;
  constructor(public deadline: number) {}
  expire(now: number): void {
    this.expiredAt = now;
  }
}

const timeouts = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('Deadlines (C-54, P-81)', () => {
  describe('with a fake clock', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('expires each item at its deadline, no earlier, with one timer for all of them', async () => {
      const deadlines = new Deadlines();
      const start = Date.now();
      const items = [300, 100, 200, 100].map((ms) => new Item(start + ms));
      for (const item of items) deadlines.add(item);
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(99);
      expect(items.every((item) => item.expiredAt === undefined)).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(items.map((item) => item.expiredAt !== undefined)).toEqual([false, true, false, true]);
      await vi.advanceTimersByTimeAsync(200);
      expect(items.map((item) => item.expiredAt! - start)).toEqual([300, 100, 200, 100]);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('a deleted item never expires, and a deadline moved later is honoured', async () => {
      const deadlines = new Deadlines();
      const start = Date.now();
      const gone = new Item(start + 100);
      const moved = new Item(start + 100);
      deadlines.add(gone);
      deadlines.add(moved);
      deadlines.delete(gone);
      moved.deadline = start + 250;
      await vi.advanceTimersByTimeAsync(249);
      expect(gone.expiredAt).toBeUndefined();
      expect(moved.expiredAt).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(gone.expiredAt).toBeUndefined();
      expect(moved.expiredAt).toBe(start + 250);
    });

    it('removing items from the head, the middle and the tail leaves exactly the others tracked', async () => {
      const deadlines = new Deadlines();
      const start = Date.now();
      const items = Array.from({ length: 40 }, (_, i) => new Item(start + 100 + i));
      for (const item of items) deadlines.add(item);
      const removed = new Set([0, 1, 7, 20, 21, 22, 38, 39]);
      for (const index of [20, 0, 39, 7, 22, 1, 38, 21]) deadlines.delete(items[index]!);
      deadlines.delete(items[0]!);
      await vi.advanceTimersByTimeAsync(200);
      items.forEach((item, index) => {
        expect(item.expiredAt === undefined).toBe(removed.has(index));
      });
    });

    it('an item earlier than the armed timer re-arms it; an infinite deadline arms nothing', async () => {
      const deadlines = new Deadlines();
      const start = Date.now();
      const never = new Item(Number.POSITIVE_INFINITY);
      deadlines.add(never);
      expect(vi.getTimerCount()).toBe(0);
      const late = new Item(start + 1000);
      const early = new Item(start + 10);
      deadlines.add(late);
      deadlines.add(early);
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(early.expiredAt).toBe(start + 10);
      expect(late.expiredAt).toBeUndefined();
      await vi.advanceTimersByTimeAsync(990);
      expect(late.expiredAt).toBe(start + 1000);
      await vi.advanceTimersByTimeAsync(1e9);
      expect(never.expiredAt).toBeUndefined();
    });

    it('a deadline beyond what setTimeout can wait still expires on time', async () => {
      const deadlines = new Deadlines();
      const far = new Item(Date.now() + 3_000_000_000);
      deadlines.add(far);
      await vi.advanceTimersByTimeAsync(2_999_999_999);
      expect(far.expiredAt).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(far.expiredAt).toBeDefined();
    });
  });

  it('keeps the process alive only while something is tracked', () => {
    const deadlines = new Deadlines();
    const before = timeouts();
    const first = new Item(Date.now() + 60_000);
    deadlines.add(first);
    expect(timeouts()).toBe(before + 1);
    deadlines.delete(first);
    expect(timeouts()).toBe(before);
    const second = new Item(Date.now() + 60_000);
    deadlines.add(second);
    expect(timeouts()).toBe(before + 1);
    deadlines.delete(second);
    expect(timeouts()).toBe(before);
  });
});
