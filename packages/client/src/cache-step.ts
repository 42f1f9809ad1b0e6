import { ErrorCode, McpError } from '@mcpkit/protocol/internal';
import { cachePrefix, primaryKey, type ResponseCache } from './cache.js';
import type { CallResult, CallState } from './call.js';
import type { Next, Step } from './call-chain.js';
import { RequestAbortedError } from './errors.js';
import type { Requester } from './requester.js';

/**
 * The cache-key part of a call answered through the cache: the `uri` of a read, the `cursor` of a
 * list page (each page is cached on its own clock, C-37); `undefined` for every other call.
 */
function primaryOf(call: CallState): string | undefined {
  switch (call.method) {
    case 'resources/read':
      return primaryKey(call.params.uri as string);
    case 'tools/list':
    case 'prompts/list':
    case 'resources/list':
    case 'resources/templates/list':
      return primaryKey(call.params.cursor as string | undefined);
    default:
      return undefined;
  }
}

/**
 * The step that answers lists and `resources/read` through the response cache (C-30..C-37), by
 * the call's `cache` mode: a fresh hit is served without a request; a fetched `complete` result
 * is stored, unless it took input (C-31). A manual continuation bypasses the cache. A served hit
 * still honours an aborted signal, which only an exchange would notice otherwise (C-52). A page
 * whose cursor the server refuses drops the method's cached pages.
 */
export function cacheStep(cache: ResponseCache, requester: Requester): Step {
  return (call, next) => {
    const primary = primaryOf(call);
    return primary === undefined ? next(call) : throughCache(call, next, primary, cache, requester.version);
  };
}

async function throughCache(
  call: CallState,
  next: Next,
  primary: string,
  cache: ResponseCache,
  version: string,
): Promise<CallResult> {
  const { method, options } = call;
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
      await cache.invalidate(cachePrefix(method));
    }
    throw error;
  }
  const { signal } = call;
  if (signal?.aborted) throw new RequestAbortedError(method, signal.reason);
  return result;
}
