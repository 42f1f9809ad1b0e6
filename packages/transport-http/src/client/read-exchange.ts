import type { ExchangeMessage, JSONRPCRequest } from '@mcpkit/protocol';
import { decodeMessage, parseJson, TransportError } from '@mcpkit/protocol/internal';
import { type ByteSource, type ResponseLimits, readBoundedText } from './bounded-body.js';
import type { HttpReply } from './sender.js';
import { SseReader } from './sse-reader.js';

function badResponse(response: HttpReply, detail: string): TransportError {
  return new TransportError('bad-response', `HTTP ${response.status}: ${detail} (${response.url})`, {
    status: response.status,
  });
}

/** Where an SSE stream stood when it ended, to resume it (2025-era servers, B-11). */
export interface StreamPosition {
  /** The last event id the server gave; `''` when it gave none (the stream cannot be resumed). */
  lastEventId: string;
  /** The server's `retry`, in milliseconds, if it sent one. */
  retryMs: number | undefined;
}

/**
 * What the reader does with a request the server sent on the stream: 2025-era servers send
 * them (B-13), 2026-07-28 servers never do (H-13). Without it they are skipped.
 */
export type OnServerRequest = ((request: JSONRPCRequest) => void) | undefined;

/** A JSON-RPC message from a JSON body or SSE event, or why it is not one; requests go to `onRequest`. */
function decodeServerMessage(
  text: string,
  response: HttpReply,
  onRequest: OnServerRequest,
): { message: ExchangeMessage; final: boolean } | undefined {
  const parsed = parseJson(text);
  const decoded = parsed.ok ? decodeMessage(parsed.value) : undefined;
  if (decoded === undefined || !decoded.ok) {
    throw badResponse(response, 'the body is not a JSON-RPC message');
  }
  switch (decoded.kind) {
    case 'request':
      onRequest?.(decoded.message);
      return undefined;
    case 'notification':
      return { message: decoded.message, final: false };
    default:
      return { message: decoded.message, final: true };
  }
}

export function isEventStream(contentType: string | null): boolean {
  return (contentType ?? '').trimStart().toLowerCase().startsWith('text/event-stream');
}

/**
 * The messages of an SSE stream, until its first response (inclusive) or its end. `position`,
 * when given, follows the stream's event ids and `retry`. Returns whether a response came.
 */
export async function* readEvents(
  response: HttpReply,
  reader: ByteSource,
  maxEventBytes: number,
  onRequest: OnServerRequest,
  position?: StreamPosition,
): AsyncGenerator<ExchangeMessage, boolean> {
  const stream = new SseReader(reader, maxEventBytes, response.status);
  const parser = stream.parser;
  if (position) parser.lastEventId = position.lastEventId;
  try {
    for (;;) {
      const { events, done } = await stream.read();
      if (position) {
        position.lastEventId = parser.lastEventId;
        position.retryMs = parser.retryMs ?? position.retryMs;
      }
      for (const event of events) {
        // Empty events (priming events of older servers) and named events carry no MCP message.
        if (event.event !== 'message' || event.data.trim() === '') continue;
        const decoded = decodeServerMessage(event.data, response, onRequest);
        if (decoded === undefined) continue;
        yield decoded.message;
        if (decoded.final) return true;
      }
      if (done) return false;
    }
  } finally {
    stream.cancel();
  }
}

/**
 * The messages of one HTTP exchange: the JSON body, or the SSE stream's notifications then
 * response (H-11). A JSON-RPC error body is a message whatever the status (the client needs
 * the -32020, -32022 and -32601 bodies of 400 and 404). Anything else is a `TransportError`:
 * `bad-response` with the status, `connection-lost` when the stream ends early (`position`,
 * when given, then says where it stood, to resume it), or `too-large` when the body or one SSE
 * event is past `limits` (the body is cancelled then). Requests of the server go to `onRequest`.
 */
export async function* readExchange(
  response: HttpReply,
  limits: ResponseLimits,
  onRequest?: OnServerRequest,
  position?: StreamPosition,
): AsyncGenerator<ExchangeMessage> {
  if (isEventStreamReply(response)) {
    if (yield* readEvents(response, response.body, limits.maxEventBytes, onRequest, position)) return;
    throw new TransportError('connection-lost', 'The response stream ended before the response'); // C-55
  }
  yield await readJsonMessage(response, limits, onRequest);
}

/** Whether `response` is an SSE stream, read by `readEvents`; anything else is read by `readJsonMessage`. */
export function isEventStreamReply(response: HttpReply): response is HttpReply & { body: ByteSource } {
  return response.ok && response.body !== null && isEventStream(response.header('content-type'));
}

/**
 * The one message of a response that is not an SSE stream: its JSON body, which must be a
 * JSON-RPC response (see `readExchange`).
 */
export async function readJsonMessage(
  response: HttpReply,
  limits: ResponseLimits,
  onRequest?: OnServerRequest,
): Promise<ExchangeMessage> {
  const text =
    response.body === null
      ? ''
      : await readBoundedText(
          response.body,
          limits.maxResponseBytes,
          response.header('content-length'),
          response.status,
        );
  if (text.trim() === '') throw badResponse(response, 'no JSON-RPC response in the body');
  let decoded: ReturnType<typeof decodeServerMessage>;
  try {
    decoded = decodeServerMessage(text, response, onRequest);
  } catch (error) {
    if (response.ok) throw error;
    throw badResponse(response, response.statusText || 'not a JSON-RPC response');
  }
  if (decoded === undefined || !decoded.final)
    throw badResponse(response, 'no JSON-RPC response in the body');
  return decoded.message;
}
