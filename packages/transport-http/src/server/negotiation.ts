import { memoizeLast } from './memo.js';

/**
 * How a response may be sent, from the request's `Accept` header:
 * - `any`: JSON when the exchange's first item is the response, SSE otherwise (H-11);
 * - `json`: the client takes only JSON: notifications before the response are dropped;
 * - `sse`: the client takes only SSE: even a lone response is sent as a stream, unless it is an
 *   error with a status of 400 or more, which is sent as JSON with that status.
 */
export type ResponseMode = 'any' | 'json' | 'sse';

const JSON_RANGES = new Set(['application/json', 'application/*', '*/*']);
const SSE_RANGES = new Set(['text/event-stream', 'text/*', '*/*']);

function isRefused(parameters: string[]): boolean {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'q' && Number(value?.trim()) === 0) return true;
  }
  return false;
}

/**
 * The response mode for an `Accept` value, or `undefined` when it allows neither
 * `application/json` nor `text/event-stream` (406). Clients must list both (H-5); the spec
 * defines no status for one that does not, so a missing header means "anything" and a header
 * listing only one type is honoured rather than refused.
 */
export function responseModeFor(accept: string | null): ResponseMode | undefined {
  return accept === null ? 'any' : modeOfAccept(accept);
}

const modeOfAccept = memoizeLast((accept: string): ResponseMode | undefined => {
  if (accept.trim() === '') return 'any';
  let json = false;
  let sse = false;
  for (const part of accept.split(',')) {
    const [range = '', ...parameters] = part.split(';');
    const type = range.trim().toLowerCase();
    if (isRefused(parameters)) continue;
    if (JSON_RANGES.has(type)) json = true;
    if (SSE_RANGES.has(type)) sse = true;
  }
  if (json && sse) return 'any';
  if (json) return 'json';
  return sse ? 'sse' : undefined;
});

/**
 * Whether a request `Content-Type` may carry a JSON-RPC body: `application/json` (any
 * parameters) or a `+json` type. A missing header is accepted: the spec shows the header but
 * does not require it (H-10), and no browser sends a body without one.
 */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType === null || isJsonType(contentType);
}

const isJsonType = memoizeLast((contentType: string): boolean => {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
});
