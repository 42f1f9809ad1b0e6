import { McpError } from './errors.js';
import { isRecord } from './is-record.js';
import type { RequestId } from './schemas/json.js';
import type {
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
} from './schemas/jsonrpc.js';

/** A successfully decoded value, or why it is not one. `rule` names the digest id behind a rejection. */
export type Decoded<T> = { ok: true; value: T } | { ok: false; error: McpError; rule?: string };

/** A JSON-RPC message sorted by kind. */
export type DecodedMessage =
  | { kind: 'request'; message: JSONRPCRequest }
  | { kind: 'notification'; message: JSONRPCNotification }
  | { kind: 'response'; message: JSONRPCResultResponse }
  | { kind: 'error'; message: JSONRPCErrorResponse };

/** The outcome of `decodeMessage`: on failure, `id` is the request id when it could be read (P-7). */
export type MessageDecodeResult =
  | ({ ok: true } & DecodedMessage)
  | { ok: false; error: McpError; id?: RequestId };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses JSON text or UTF-8 bytes. Never throws: invalid UTF-8 (P-2) or invalid JSON is `-32700`.
 */
export function parseJson(input: string | Uint8Array): Decoded<unknown> {
  let text: string;
  try {
    text = typeof input === 'string' ? input : utf8.decode(input);
  } catch {
    return { ok: false, error: McpError.parseError('the bytes are not UTF-8') };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: McpError.parseError((error as Error).message) };
  }
}

/** Whether `id` is a valid request id: a string or a safe integer (P-3, P-4). */
export function isRequestId(id: unknown): id is RequestId {
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id));
}

function idProblem(id: unknown): string {
  if (id === null) return 'id must not be null'; // P-4
  if (typeof id === 'number') return 'id must be an integer or a string'; // P-3
  return 'id must be a string or an integer'; // P-3
}

function invalid(reason: string, id: unknown): MessageDecodeResult {
  const failure: MessageDecodeResult = { ok: false, error: McpError.invalidRequest(reason) };
  if (isRequestId(id)) failure.id = id;
  return failure;
}

/**
 * Sorts parsed JSON into a request, notification, result or error response without copying it.
 * Never throws. Anything that is not one JSON-RPC 2.0 message is `-32600` with the reason
 * (batches, `null` or fractional ids, a missing `jsonrpc`, …). Unknown fields are kept.
 * Params are not checked against the method here: see `decodeParams`.
 *
 * @example
 * ```ts
 * const decoded = decodeMessage(JSON.parse(line));
 * if (decoded.ok && decoded.kind === 'request') handle(decoded.message);
 * ```
 */
export function decodeMessage(value: unknown): MessageDecodeResult {
  if (!isRecord(value)) {
    return invalid(
      Array.isArray(value) ? 'batches are not supported' : 'expected a JSON object', // P-10
      undefined,
    );
  }
  const id = value.id;
  if (value.jsonrpc !== '2.0') return invalid('jsonrpc must be "2.0"', id); // P-1
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if ('method' in value) {
    if (typeof value.method !== 'string') return invalid('method must be a string', id);
    if (hasResult || hasError) return invalid('a request cannot carry result or error', id);
    if (value.params !== undefined && !isRecord(value.params)) return invalid('params must be an object', id);
    if (!('id' in value)) return { ok: true, kind: 'notification', message: value as JSONRPCNotification };
    if (!isRequestId(id)) return invalid(idProblem(id), undefined);
    return { ok: true, kind: 'request', message: value as JSONRPCRequest };
  }
  if (hasResult && hasError) return invalid('a response cannot carry both result and error', id);
  if (hasResult) {
    if (!isRequestId(id)) return invalid(idProblem(id), undefined);
    if (!isRecord(value.result)) return invalid('result must be an object', id);
    return { ok: true, kind: 'response', message: value as JSONRPCResultResponse };
  }
  if (hasError) {
    if ('id' in value && !isRequestId(id)) return invalid(idProblem(id), undefined);
    const error = value.error;
    if (!isRecord(error) || !Number.isSafeInteger(error.code) || typeof error.message !== 'string') {
      return invalid('error must have an integer code and a string message', id);
    }
    return { ok: true, kind: 'error', message: value as JSONRPCErrorResponse };
  }
  return invalid('not a request, notification or response', id);
}
