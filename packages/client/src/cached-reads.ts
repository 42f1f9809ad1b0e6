import {
  ErrorCode,
  type InputRequiredResult,
  type ListToolsResult,
  McpError,
  type Method,
  type ResultOf,
} from '@mcpkit/protocol';
import { cachePrefix, primaryKey, type ResponseCache, type SentVersion, stalePrefixes } from './cache.js';
import type { Connection } from './connection.js';
import { RequestAbortedError } from './errors.js';
import type { CacheableCallOptions } from './options.js';
import { walkPages } from './pages.js';
import type { Requester } from './requester.js';
import type { ListenNotification } from './subscription.js';
import type { ToolRegistry } from './tools.js';

type Sent<M extends Method> = ResultOf<M> | InputRequiredResult;
export type PaginatedMethod = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';

/** What the cached reads need from their client. */
export interface CachedReadsHost {
  requester: Requester;
  connection: Connection;
  /** `undefined` when the client has no cache. */
  cache: ResponseCache | undefined;
  tools: ToolRegistry;
  /** What every call does first (see `McpClient`); returns the call's hard deadline. */
  begin(method: string, options: CacheableCallOptions): number;
}

/**
 * The calls answered through the response cache (C-30..C-37): list pages, each cached on its own
 * clock, and `resources/read`; and the invalidation that change notifications bring.
 */
export class CachedReads {
  readonly #host: CachedReadsHost;

  constructor(host: CachedReadsHost) {
    this.#host = host;
  }

  /** Waits for the server, then serves `method` from the cache or `fetch`es it (C-30, C-31). */
  async through<M extends 'resources/read' | PaginatedMethod>(
    method: M,
    primary: string,
    options: CacheableCallOptions,
    deadline: number,
    fetch: (sent?: SentVersion) => Promise<{ result: Sent<M>; retried: boolean }>,
  ): Promise<Sent<M>> {
    const { connection, cache, requester } = this.#host;
    await connection.gate(method, options, deadline);
    if (!cache) return (await fetch()).result;
    const mode = options.cache ?? 'use';
    const result = await cache.through(method, primary, requester.version, mode, fetch);
    // A cached result is served without an exchange, which is what notices an abort otherwise.
    const { signal } = options;
    if (signal?.aborted) throw new RequestAbortedError(method, signal.reason);
    return result;
  }

  /** One page of a list, cached on its own clock (C-37). A refused cursor drops the cached pages. */
  async page<M extends PaginatedMethod>(
    method: M,
    cursor: string | undefined,
    options: CacheableCallOptions,
  ): Promise<ResultOf<M>> {
    const { requester, cache, tools } = this.#host;
    const params = cursor === undefined ? {} : { cursor };
    const deadline = this.#host.begin(method, options);
    let page: ResultOf<M>;
    try {
      page = (await this.through(method, primaryKey(cursor), options, deadline, async (sent) => ({
        result: await requester.send(method, params, options, deadline, undefined, sent),
        retried: false,
      }))) as ResultOf<M>;
    } catch (error) {
      if (cursor !== undefined && error instanceof McpError && error.code === ErrorCode.InvalidParams) {
        await cache?.invalidate(cachePrefix(method));
      }
      throw error;
    }
    if (method !== 'tools/list') return page;
    const listed = (page as ListToolsResult).tools;
    const kept = tools.accept(listed);
    return (kept === listed ? page : { ...page, tools: kept }) as ResultOf<M>;
  }

  /** Every item of a list, page after page (see `walkPages`). */
  items<T>(
    method: PaginatedMethod,
    field: string,
    options: CacheableCallOptions,
    onComplete?: () => void,
  ): AsyncGenerator<T> {
    return walkPages<T>(method, field, (cursor) => this.page(method, cursor, options), onComplete);
  }

  /** A change notification arrived on a listen: drop what it makes stale (C-36). */
  observe(notification: ListenNotification): void {
    if (notification.method === 'notifications/tools/list_changed') this.#host.tools.reset();
    for (const prefix of stalePrefixes(notification)) void this.#host.cache?.invalidate(prefix);
  }
}
