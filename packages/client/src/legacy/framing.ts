import type { JSONRPCErrorResponse, JSONRPCRequest, JSONRPCResultResponse } from '@mcpkit/protocol';
import type { CallResult, CallState } from '../call.js';
import type { Requester } from '../requester.js';
import { kit } from './kit.js';

/**
 * `call`'s request as a 2025-era server takes it (B-10): a fresh id, and in `_meta` only what that
 * era knows (the progress token, P-79) and the caller's own keys; the 2026 per-request fields do
 * not exist there.
 */
function legacyRequest(requester: Requester, call: CallState): JSONRPCRequest {
  const id = requester.nextId();
  const { method, params, options } = call;
  const progress = options.onProgress !== undefined;
  if (options.meta === undefined && !progress) return { jsonrpc: '2.0', id, method, params };
  const meta: Record<string, unknown> = { ...options.meta };
  if (progress) meta[kit.MetaKey.progressToken] = id;
  return { jsonrpc: '2.0', id, method, params: Object.assign({}, params, { _meta: meta }) };
}

/** Sends one request of `call` to a 2025-era server and returns its raw response. */
export function exchangeLegacy(
  requester: Requester,
  call: CallState,
): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> {
  return requester.response(legacyRequest(requester, call), call);
}

/**
 * The exchange with a 2025-era server, in place of the modern one (see `legacyWireStep`): the
 * request framed for that era, the result decoded by the same rules, where a missing `resultType`
 * is `complete` (B-14) and a list without `ttlMs` is not cached (B-16).
 */
export function sendLegacy(requester: Requester, call: CallState): Promise<CallResult> {
  call.version = requester.version;
  return requester.result(legacyRequest(requester, call), call);
}
