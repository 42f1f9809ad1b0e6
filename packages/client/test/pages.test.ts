import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../src/errors.js';
import { walkPages } from '../src/pages.js';

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
});
