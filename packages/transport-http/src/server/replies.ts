// What the HTTP layer answers (`HttpReply`), and the small replies every route shares: plain JSON
// errors, 405, SSE headers.
import type { RequestId } from '@mcpkit/protocol';
import { McpError, toErrorResponse } from '@mcpkit/protocol/internal';
import type { SseSource } from './sse-source.js';

/**
 * What to send back, decided without touching a runtime's response type: each adapter turns it
 * into a Web `Response` or `ServerResponse` writes.
 */
export type HttpReply =
  /** A complete response; `body` is already serialized. */
  | { kind: 'buffered'; status: number; headers: Record<string, string>; body: string | undefined }
  /** A `text/event-stream` response with status 200, pulled frame by frame. */
  | { kind: 'stream'; headers: Record<string, string>; source: SseStream }
  /** A response the authentication hook made. */
  | { kind: 'response'; response: Response; headers: Record<string, string> | undefined }
  /** The client went away; there is nothing to send. */
  | { kind: 'none' };

/** The frames of an SSE response: `next()` until `null`; `cancel()` when the client leaves. */
export type SseStream = Pick<SseSource, 'next' | 'cancel'>;

export function withHeaders(
  headers: Record<string, string>,
  extra: Record<string, string> | undefined,
): Record<string, string> {
  return extra === undefined ? headers : Object.assign(headers, extra);
}

export function errorReply(
  status: number,
  error: McpError,
  extra: Record<string, string> | undefined,
  id?: RequestId,
): HttpReply {
  return {
    kind: 'buffered',
    status,
    headers: withHeaders({ 'content-type': 'application/json' }, extra),
    body: JSON.stringify(toErrorResponse(error, id)),
  };
}

export function methodNotAllowed(cors: Record<string, string> | undefined): HttpReply {
  return errorReply(405, McpError.invalidRequest('the MCP endpoint accepts POST only'), {
    ...cors,
    allow: 'POST',
  });
}

export function sseHeaders(): Record<string, string> {
  return { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };
}
