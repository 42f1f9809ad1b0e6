import { decodeMessage, type ExchangeMessage, parseJson, TransportError } from '@mcpkit/protocol';
import { type ByteSource, type ResponseLimits, readBoundedText, tooLarge } from './bounded-body.js';
import { SseEventTooLarge, SseParser } from './sse-parser.js';

function badResponse(response: Response, detail: string): TransportError {
  return new TransportError('bad-response', `HTTP ${response.status}: ${detail}`, {
    status: response.status,
  });
}

/**
 * A JSON-RPC message from a JSON body or SSE event, or why it is not one. Server requests
 * (sent by pre-2026 servers, forbidden now: H-13) come back as `undefined`, to be skipped.
 */
function decodeServerMessage(
  text: string,
  response: Response,
): { message: ExchangeMessage; final: boolean } | undefined {
  const parsed = parseJson(text);
  const decoded = parsed.ok ? decodeMessage(parsed.value) : undefined;
  if (decoded === undefined || !decoded.ok) {
    throw badResponse(response, 'the body is not a JSON-RPC message');
  }
  switch (decoded.kind) {
    case 'request':
      return undefined;
    case 'notification':
      return { message: decoded.message, final: false };
    default:
      return { message: decoded.message, final: true };
  }
}

function isEventStream(contentType: string | null): boolean {
  return (contentType ?? '').trimStart().toLowerCase().startsWith('text/event-stream');
}

/** The events `text` completes; an event past the limit fails the exchange. */
function parse(parser: SseParser, text: string, end: boolean, response: Response) {
  try {
    return end ? parser.push(text).concat(parser.end()) : parser.push(text);
  } catch (error) {
    if (error instanceof SseEventTooLarge) throw tooLarge('an SSE event', error.limit, response.status);
    throw error;
  }
}

async function* readEvents(
  response: Response,
  reader: ByteSource,
  maxEventBytes: number,
): AsyncGenerator<ExchangeMessage> {
  const decoder = new TextDecoder();
  const parser = new SseParser(maxEventBytes);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const events = done
        ? parse(parser, decoder.decode(), true, response)
        : parse(parser, decoder.decode(value, { stream: true }), false, response);
      for (const event of events) {
        // Empty events (priming events of older servers) and named events carry no MCP message.
        if (event.event !== 'message' || event.data.trim() === '') continue;
        const decoded = decodeServerMessage(event.data, response);
        if (decoded === undefined) continue;
        yield decoded.message;
        if (decoded.final) return;
      }
      if (done) break;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  throw new TransportError('connection-lost', 'The response stream ended before the response (C-55)');
}

/**
 * The messages of one HTTP exchange: the JSON body, or the SSE stream's notifications then
 * response (H-11). A JSON-RPC error body is a message whatever the status (the client needs
 * the -32020, -32022 and -32601 bodies of 400 and 404). Anything else is a `TransportError`:
 * `bad-response` with the status, `connection-lost` when the stream ends early, or `too-large`
 * when the body or one SSE event is past `limits` (the body is cancelled then).
 */
export async function* readExchange(
  response: Response,
  limits: ResponseLimits,
): AsyncGenerator<ExchangeMessage> {
  const contentType = response.headers.get('content-type');
  if (response.ok && isEventStream(contentType) && response.body !== null) {
    yield* readEvents(response, response.body.getReader(), limits.maxEventBytes);
    return;
  }
  const text =
    response.body === null
      ? ''
      : await readBoundedText(
          response.body.getReader(),
          limits.maxResponseBytes,
          response.headers.get('content-length'),
          response.status,
        );
  if (text.trim() === '') throw badResponse(response, 'no JSON-RPC response in the body');
  let decoded: ReturnType<typeof decodeServerMessage>;
  try {
    decoded = decodeServerMessage(text, response);
  } catch (error) {
    if (response.ok) throw error;
    throw badResponse(response, response.statusText || 'not a JSON-RPC response');
  }
  if (decoded === undefined || !decoded.final)
    throw badResponse(response, 'no JSON-RPC response in the body');
  yield decoded.message;
}
