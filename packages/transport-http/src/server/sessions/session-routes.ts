import type { RequestContext, SessionEndpoint, SessionRefusal } from '@mcpkit/protocol';
import { closeQuietly, McpError } from '@mcpkit/protocol/internal';
import type { HandlerConfig } from '../options.js';
import { errorReply, type HttpReply, methodNotAllowed, sseHeaders, withHeaders } from '../replies.js';
import { ResumableStream, resume } from './resumable-stream.js';

function refusal(refused: SessionRefusal, cors: Record<string, string> | undefined): HttpReply {
  if (refused.status === 405) return methodNotAllowed(cors);
  return {
    kind: 'buffered',
    status: refused.status,
    headers: withHeaders({ 'content-type': 'application/json' }, cors),
    body: refused.error === undefined ? undefined : JSON.stringify(refused.error),
  };
}

/**
 * `GET` of a 2025-era session (B-11): with `Last-Event-ID`, the rest of the stream that event
 * belongs to (never another stream's, never another session's); without, the session's
 * standalone stream. The session's checks (400, 404, 405) are the endpoint's.
 */
export async function openSessionStream(
  sessions: SessionEndpoint,
  context: RequestContext,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
): Promise<HttpReply> {
  const headers = context.headers!;
  if (!(headers.get('accept') ?? '').includes('text/event-stream')) {
    return errorReply(406, McpError.invalidRequest('the Accept header must allow text/event-stream'), cors);
  }
  const opening = await sessions.openStream(context);
  const lastEventId = headers.get('last-event-id');
  const sessionId = headers.get('mcp-session-id');
  if (lastEventId !== null && sessionId !== null && (opening.kind === 'stream' || opening.status === 409)) {
    if (opening.kind === 'stream') closeQuietly(opening.exchange[Symbol.asyncIterator]());
    const resumed = await resume(config.resumable, lastEventId, sessionId);
    if (resumed === undefined) {
      return errorReply(404, McpError.invalidRequest('Last-Event-ID names no stream of this session'), cors);
    }
    return { kind: 'stream', headers: withHeaders(sseHeaders(), cors), source: resumed };
  }
  if (opening.kind === 'refused') return refusal(opening, cors);
  const { exchange } = opening;
  const iterator = exchange[Symbol.asyncIterator]();
  const owner = exchange.session?.id ?? sessionId ?? '';
  const stream = new ResumableStream(
    iterator,
    undefined,
    crypto.randomUUID(),
    owner,
    config.resumable,
    false,
  );
  return {
    kind: 'stream',
    headers: withHeaders(sseHeaders(), cors),
    source: stream.start(undefined, undefined),
  };
}

/** `DELETE` of a 2025-era session: 204 once ended. */
export async function endSession(
  sessions: SessionEndpoint,
  context: RequestContext,
  cors: Record<string, string> | undefined,
): Promise<HttpReply> {
  const ended = await sessions.endSession(context);
  if (ended.kind === 'refused') return refusal(ended, cors);
  return { kind: 'buffered', status: 204, headers: withHeaders({}, cors), body: undefined };
}
