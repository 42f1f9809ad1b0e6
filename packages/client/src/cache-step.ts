import { ErrorCode, McpError } from '@mcpkit/protocol/internal';
import type { CacheAccess } from './cache-contract.js';
import type { CallResult, CallState } from './call.js';
import type { Next, Step } from './call-chain.js';
import { RequestAbortedError } from './errors.js';
import type { Requester } from './requester.js';

/** The methods answered through the cache: lists, each page on its own clock (C-37), and reads. */
const CACHEABLE = new Set([
  'resources/read',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
]);

/**
 * The step that answers lists and `resources/read` through the response cache (C-30..C-37), by
 * the call's `cache` mode: a fresh hit is served without a request; a fetched `complete` result
 * is stored, unless it took input (C-31). A manual continuation bypasses the cache. A served hit
 * still honours an aborted signal, which only an exchange would notice otherwise (C-52). A page
 * whose cursor the server refuses drops the method's cached pages.
 */
export function cacheStep(cache: CacheAccess, requester: Requester): Step {
  return (call, next) =>
    CACHEABLE.has(call.method) ? throughCache(call, next, cache, requester.version) : next(call);
}

async function throughCache(
  call: CallState,
  next: Next,
  cache: CacheAccess,
  version: string,
): Promise<CallResult> {
  const { method, options } = call;
  // The part of the key the result depends on: the `uri` of a read, the `cursor` of a page.
  const primary = (method === 'resources/read' ? call.params.uri : call.params.cursor) as string | undefined;
  const continuation = options.inputResponses !== undefined || options.requestState !== undefined;
  let result: CallResult;
  try {
    const visit = await cache.visit(
      method,
      primary,
      version,
      continuation ? 'bypass' : (options.cache ?? 'use'),
    );
    if (visit?.hit) {
      result = visit.hit as unknown as CallResult;
    } else {
      result = await next(call);
      if (visit && call.round === 0) await cache.keep(method, primary, call.version!, result, visit);
    }
  } catch (error) {
    const refusedCursor = call.params.cursor !== undefined && method !== 'resources/read';
    if (refusedCursor && error instanceof McpError && error.code === ErrorCode.InvalidParams) {
      await cache.dropPages(method);
    }
    throw error;
  }
  const { signal } = call;
  if (signal?.aborted) throw new RequestAbortedError(method, signal.reason);
  return result;
}
