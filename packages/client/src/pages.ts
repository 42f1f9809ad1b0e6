import { InvalidResponseError } from './errors.js';

/**
 * Yields the items in `field` of every page of a list, following `nextCursor` until a page has
 * none (P-68). An empty-string cursor is a cursor (P-67); cursors are passed back untouched. A
 * server that hands out a cursor twice in one walk is answering in a loop: that is an
 * `InvalidResponseError`, not an endless walk.
 */
export async function* walkPages<T>(
  method: string,
  field: string,
  fetchPage: (cursor: string | undefined) => Promise<{ nextCursor?: string }>,
): AsyncGenerator<T> {
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* (page as Record<string, unknown>)[field] as T[];
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (seen.has(cursor)) {
        throw new InvalidResponseError(method, `the server repeated the cursor ${JSON.stringify(cursor)}`);
      }
      seen.add(cursor);
    }
  } while (cursor !== undefined);
}
