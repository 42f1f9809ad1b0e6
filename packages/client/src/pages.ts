import type { ResultOf } from '@mcpkit/protocol';
import { ITERATION_DONE, SETTLED_DONE } from '@mcpkit/protocol/internal';
import type { CallChain } from './call-chain.js';
import { InvalidResponseError } from './errors.js';
import type { CacheableCallOptions } from './options.js';

type Page = { nextCursor?: string };

/** The methods that list something page by page. */
export type PaginatedMethod = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';

/** One page of a list, as a call through `chain` (cached on its own clock, C-37). */
export function listPage<M extends PaginatedMethod>(
  chain: CallChain,
  method: M,
  cursor: string | undefined,
  options: CacheableCallOptions,
): Promise<ResultOf<M>> {
  return chain.call(method, cursor === undefined ? {} : { cursor }, options) as Promise<ResultOf<M>>;
}

/** Every item in `field` of a list, page after page, each page a call through `chain` (see `walkPages`). */
export function listItems<T>(
  chain: CallChain,
  method: PaginatedMethod,
  field: string,
  options: CacheableCallOptions,
  onComplete?: () => void,
): AsyncGenerator<T> {
  return walkPages<T>(method, field, (cursor) => listPage(chain, method, cursor, options), onComplete);
}

/**
 * Most pages one walk follows. A server that keeps handing out new cursors (with or without
 * items) would otherwise keep the walk going forever; 1,000 pages of even 100 items is far more
 * than any list a client should pull in one walk. Read further by hand with the one-page calls.
 */
export const MAX_PAGES = 1000;

/**
 * Yields the items in `field` of every page of a list, following `nextCursor` until a page has
 * none (P-68). An empty-string cursor is a cursor (P-67); cursors are passed back untouched. A
 * server that hands out a cursor twice in one walk is answering in a loop: that is an
 * `InvalidResponseError`, not an endless walk; so is a list longer than `maxPages` pages
 * (default `MAX_PAGES`, 1,000), which fails once the items of the last page allowed have been
 * read. `onComplete` runs once the last item has been read, never when the walk is left early or
 * fails.
 *
 * A hand-written iterator rather than an async generator: an item of a fetched page is handed
 * out with one resolved promise, where `yield*` through generators costs several (a walk of
 * 1,000 tools went from ~0.27 ms to ~0.05 ms).
 */
export function walkPages<T>(
  method: string,
  field: string,
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  onComplete?: () => void,
  maxPages = MAX_PAGES,
): AsyncGenerator<T, void, undefined> {
  return new PageWalk<T>(method, field, fetchPage, onComplete, maxPages);
}

class PageWalk<T> implements AsyncGenerator<T, void, undefined> {
  readonly #method: string;
  readonly #field: string;
  readonly #fetchPage: (cursor: string | undefined) => Promise<Page>;
  readonly #onComplete: (() => void) | undefined;
  readonly #maxPages: number;
  readonly #seen = new Set<string>();
  #items: readonly T[] = [];
  #index = 0;
  /** The cursor of the next page; `undefined` before the first page and after the last. */
  #cursor: string | undefined;
  #started = false;
  #finished = false;
  /** Thrown once the items of the page that repeated a cursor, or of the last page allowed, have been read. */
  #failure: InvalidResponseError | undefined;
  /** The last step that had to wait (a page fetch); later steps run after it, in order. */
  #tail: Promise<IteratorResult<T, void>> | undefined;

  constructor(
    method: string,
    field: string,
    fetchPage: (cursor: string | undefined) => Promise<Page>,
    onComplete: (() => void) | undefined,
    maxPages: number,
  ) {
    this.#method = method;
    this.#field = field;
    this.#fetchPage = fetchPage;
    this.#onComplete = onComplete;
    this.#maxPages = maxPages;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T, void>> {
    const tail = this.#tail;
    if (tail === undefined) {
      if (this.#index < this.#items.length) {
        return Promise.resolve({ done: false, value: this.#items[this.#index++]! });
      }
      if (this.#finished) return SETTLED_DONE;
    }
    const step = tail === undefined ? this.#advance() : tail.then(this.#advance, this.#advance);
    this.#tail = step;
    const settled = () => {
      if (this.#tail === step) this.#tail = undefined;
    };
    step.then(settled, settled);
    return step;
  }

  return(): Promise<IteratorResult<T, void>> {
    this.#finish();
    return SETTLED_DONE;
  }

  throw(error: unknown): Promise<IteratorResult<T, void>> {
    this.#finish();
    return Promise.reject(error);
  }

  /** The next item, fetching pages as needed; runs only after the previous step settled. */
  readonly #advance = async (): Promise<IteratorResult<T, void>> => {
    for (;;) {
      if (this.#index < this.#items.length) return { done: false, value: this.#items[this.#index++]! };
      if (this.#finished) return ITERATION_DONE;
      if (this.#failure) {
        this.#finish();
        throw this.#failure;
      }
      if (this.#started && this.#cursor === undefined) {
        this.#finish();
        this.#onComplete?.();
        return ITERATION_DONE;
      }
      let page: Page;
      try {
        page = await this.#fetchPage(this.#cursor);
      } catch (error) {
        this.#finish();
        throw error;
      }
      if (this.#finished) return ITERATION_DONE;
      this.#started = true;
      this.#items = (page as Record<string, unknown>)[this.#field] as T[];
      this.#index = 0;
      const cursor = page.nextCursor;
      if (cursor !== undefined && this.#seen.has(cursor)) {
        this.#failure = new InvalidResponseError(
          this.#method,
          `the server repeated the cursor ${JSON.stringify(cursor)}`,
        );
      } else if (cursor !== undefined && this.#seen.size + 1 >= this.#maxPages) {
        // Every page but the first was asked for with a cursor in #seen.
        this.#failure = new InvalidResponseError(
          this.#method,
          `the list goes on past ${this.#maxPages} pages, the most one walk follows`,
        );
      } else if (cursor !== undefined) {
        this.#seen.add(cursor);
      }
      this.#cursor = cursor;
    }
  };

  #finish(): void {
    this.#finished = true;
    this.#items = [];
    this.#index = 0;
  }
}
