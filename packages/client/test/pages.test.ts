import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../src/errors.js';
import { MAX_PAGES, walkPages } from '../src/pages.js';

type Page = { items: number[]; nextCursor?: string };

function server(pages: Record<string, Page>) {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    asked.push(cursor);
    const page = pages[cursor ?? 'first'];
    if (!page) throw new Error(`no page ${cursor}`);
    return page;
  };
  return { asked, fetchPage };
}

async function drain<T>(walk: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of walk) out.push(item);
  return out;
}

describe('walkPages (P-67, P-68)', () => {
  it('follows nextCursor, skips empty pages, treats "" as a cursor, and completes once', async () => {
    const { asked, fetchPage } = server({
      first: { items: [1, 2], nextCursor: '' },
      '': { items: [], nextCursor: 'b' },
      b: { items: [3] },
    });
    let completed = 0;
    const walk = walkPages<number>('tools/list', 'items', fetchPage, () => completed++);
    expect(await drain(walk)).toEqual([1, 2, 3]);
    expect(asked).toEqual([undefined, '', 'b']);
    expect(completed).toBe(1);
    await expect(walk.next()).resolves.toEqual({ done: true, value: undefined });
    expect(completed).toBe(1);
  });

  it('next() called many times without waiting hands out every item once, in order', async () => {
    const { fetchPage } = server({ first: { items: [1, 2], nextCursor: 'x' }, x: { items: [3] } });
    const walk = walkPages<number>('tools/list', 'items', fetchPage);
    const results = await Promise.all(Array.from({ length: 5 }, () => walk.next()));
    expect(results.map((r) => (r.done ? 'done' : r.value))).toEqual([1, 2, 3, 'done', 'done']);
  });

  it('a repeated cursor fails the walk after the items of the page that repeated it', async () => {
    const { fetchPage } = server({
      first: { items: [1], nextCursor: 'a' },
      a: { items: [2], nextCursor: 'a' },
    });
    const seen: number[] = [];
    let completed = false;
    const walk = walkPages<number>('tools/list', 'items', fetchPage, () => {
      completed = true;
    });
    const failure = await (async () => {
      for await (const item of walk) seen.push(item);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([1, 2]);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect(completed).toBe(false);
  });

  it('leaving early fetches nothing more and never completes; a failed fetch ends the walk', async () => {
    const { asked, fetchPage } = server({ first: { items: [1, 2], nextCursor: 'x' }, x: { items: [3] } });
    let completed = false;
    const walk = walkPages<number>('tools/list', 'items', fetchPage, () => {
      completed = true;
    });
    for await (const item of walk) if (item === 1) break;
    expect(asked).toEqual([undefined]);
    expect(completed).toBe(false);
    await expect(walk.next()).resolves.toMatchObject({ done: true });

    const broken = walkPages<number>(
      'tools/list',
      'items',
      server({ first: { items: [1], nextCursor: 'gone' } }).fetchPage,
    );
    await expect(drain(broken)).rejects.toThrow(/no page gone/);
    await expect(broken.next()).resolves.toMatchObject({ done: true });
  });

  it('C-38: a server that keeps handing out new cursors fails the walk after MAX_PAGES pages, empty or not', async () => {
    const asked: (string | undefined)[] = [];
    // Bounded here so that a walk without a limit fails the test instead of running forever.
    const endless = async (cursor: string | undefined) => {
      asked.push(cursor);
      if (asked.length > 3 * MAX_PAGES) throw new Error('the walk did not stop');
      const n = Number(cursor ?? 0);
      return { items: n === 0 ? [0] : [], nextCursor: String(n + 1) };
    };
    let completed = false;
    const walk = walkPages<number>('tools/list', 'items', endless, () => {
      completed = true;
    });
    const seen: number[] = [];
    const failure = await (async () => {
      for await (const item of walk) seen.push(item);
    })().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as Error).message).toMatch(/1000 pages/);
    expect(asked).toHaveLength(MAX_PAGES);
    expect(seen).toEqual([0]);
    expect(completed).toBe(false);
    await expect(walk.next()).resolves.toMatchObject({ done: true });
  });

  it('C-38: the items of the last page allowed are read before the walk fails; a list of exactly maxPages pages completes', async () => {
    const pages = {
      first: { items: [1], nextCursor: 'b' },
      b: { items: [2], nextCursor: 'c' },
      c: { items: [3] },
    };
    const seen: number[] = [];
    const cut = walkPages<number>('tools/list', 'items', server(pages).fetchPage, undefined, 2);
    const failure = await (async () => {
      for await (const item of cut) seen.push(item);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([1, 2]);
    expect(failure).toBeInstanceOf(InvalidResponseError);

    let completed = 0;
    const whole = walkPages<number>('tools/list', 'items', server(pages).fetchPage, () => completed++, 3);
    expect(await drain(whole)).toEqual([1, 2, 3]);
    expect(completed).toBe(1);
  });
});
