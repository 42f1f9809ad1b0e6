// The small replies every route of the HTTP layer shares: plain JSON errors, 405, SSE headers.
import type { RequestId } from '@mcpkit/protocol';
import { McpError, toErrorResponse } from '@mcpkit/protocol/internal';
import type { HttpReply } from './answer-http-request.js';

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
