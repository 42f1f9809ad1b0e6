import type {
  FailureReason,
  FinalResponse,
  JSONRPCErrorResponse,
  JSONRPCResponse,
  RequestId,
  ServerCapabilities,
} from '@mcpkit/protocol';
import { ErrorCode, isRecord, MetaKey } from '@mcpkit/protocol/internal';

/** `-32002`: a missing resource, as revisions before 2026-07-28 say it (B-15). */
const RESOURCE_NOT_FOUND = -32002;

/** Result fields 2026-07-28 added; a 2025-era client has no use for them. */
const MODERN_RESULT_FIELDS = new Set(['resultType', 'ttlMs', 'cacheScope']);

/**
 * `_meta` without the 2026-only `serverInfo` key (S-5): a 2025 client learned it from
 * `initialize`, and some (LangChain's MCP adapters) treat a result with unknown `_meta` keys as
 * something other than text. `undefined` when nothing else is left.
 */
function legacyMeta(meta: unknown): unknown {
  if (!isRecord(meta) || !Object.hasOwn(meta, MetaKey.serverInfo)) return meta;
  const copy: Record<string, unknown> = {};
  let kept = false;
  for (const key in meta) {
    if (key === MetaKey.serverInfo) continue;
    copy[key] = meta[key];
    kept = true;
  }
  return kept ? copy : undefined;
}

/**
 * A modern result in 2025 shape: a copy without the 2026-only fields and `_meta` keys. Built key
 * by key rather than copied and `delete`d, which would leave V8 a slow dictionary object to serialize.
 */
export function legacyResult(result: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in result) {
    if (MODERN_RESULT_FIELDS.has(key)) continue;
    if (key === '_meta') {
      const meta = legacyMeta(result._meta);
      if (meta !== undefined) copy._meta = meta;
    } else {
      copy[key] = result[key];
    }
  }
  return copy;
}

/**
 * A refusal for a client capability the session lacks, answered as 2025 servers do: `-32021`
 * does not exist before 2026-07-28, and its HTTP 400 reads as a transport failure to 2025
 * clients. A `tools/call` gets an `isError` result with the message (the model can tell the
 * user), any other request `-32603` with it; HTTP 200 either way.
 */
export function legacyCapabilityRefusal(final: FinalResponse, method: string): FinalResponse {
  const response = final.response as JSONRPCErrorResponse;
  if (response.error?.code !== ErrorCode.MissingRequiredClientCapability || response.id === undefined) {
    return final;
  }
  const { message, data } = response.error;
  if (method === 'tools/call') {
    return resultResponse(response.id, { content: [{ type: 'text', text: message }], isError: true });
  }
  const error = { code: ErrorCode.InternalError, message, data };
  return { response: { jsonrpc: '2.0', id: response.id, error }, failure: 'handler' };
}

/**
 * A modern error response in 2025 terms: a missing resource (`-32602` with `data.uri` since
 * 2026-07-28, S-28) is `-32002` again for `resources/read`; every other error is the same.
 */
export function legacyError(final: FinalResponse, method: string): FinalResponse {
  const response = final.response as JSONRPCErrorResponse;
  const { error } = response;
  if (
    method === 'resources/read' &&
    error.code === ErrorCode.InvalidParams &&
    isRecord(error.data) &&
    typeof error.data.uri === 'string'
  ) {
    return {
      ...final,
      json: undefined,
      response: { ...response, error: { ...error, code: RESOURCE_NOT_FOUND } },
    };
  }
  return final;
}

/**
 * Stateless legacy mode keeps nothing of `initialize`, so its requests run with no client
 * capabilities, and a handler that asks the client for input is refused (`-32021`). The client
 * did declare the capability when it initialized: the message says why it is refused anyway.
 */
export function explainStatelessRefusal(final: FinalResponse, method: string): FinalResponse {
  const response = final.response as JSONRPCErrorResponse;
  if (response.error?.code !== ErrorCode.MissingRequiredClientCapability) return final;
  const message =
    `${method} needs the client's answer to a request of the server, which this server cannot send: ` +
    'it serves 2025-era clients without sessions, so it knows no client capabilities and has nowhere ' +
    'to receive an answer. Connect with 2026-07-28, or to a server that keeps legacy sessions.';
  return { ...final, json: undefined, response: { ...response, error: { ...response.error, message } } };
}

/**
 * A JSON-RPC error response of the legacy layer, with why it failed. Built directly, not through
 * the modern error policy: codes retired in 2026-07-28 are still valid here.
 */
export function errorResponse(
  id: RequestId | undefined,
  code: number,
  message: string,
  failure: FailureReason,
): FinalResponse {
  const error = { code, message };
  const response: JSONRPCErrorResponse =
    id === undefined ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id, error };
  return { response, failure };
}

/** A successful response. */
export function resultResponse(id: RequestId, result: Record<string, unknown>): FinalResponse {
  return { response: { jsonrpc: '2.0', id, result } as JSONRPCResponse };
}

/**
 * The capabilities an `initialize` result advertises: what `server/discover` advertises, in 2025
 * shape (`extensions` is 2026-only), with `resources.subscribe` when sessions are kept, since the
 * legacy layer serves `resources/subscribe` itself.
 */
export function legacyServerCapabilities(
  modern: ServerCapabilities,
  subscribe: boolean,
): Record<string, unknown> {
  const { extensions: _extensions, ...capabilities } = modern;
  if (subscribe && capabilities.resources !== undefined) {
    capabilities.resources = { ...capabilities.resources, subscribe: true };
  }
  return capabilities;
}
