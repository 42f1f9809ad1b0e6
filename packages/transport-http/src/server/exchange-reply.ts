import type {
  EndpointExchange,
  EndpointItem,
  FinalResponse,
  McpEndpoint,
  RequestContext,
  RequestId,
} from '@mcpkit/protocol';
import {
  closeQuietly,
  type ExchangeReader,
  errorFinal,
  httpStatusFor,
  isRecord,
  isRequestId,
  McpError,
  type ReadableExchange,
  responseText,
} from '@mcpkit/protocol/internal';
import type { IncomingHttpRequest } from './incoming.js';
import type { ResponseMode } from './negotiation.js';
import type { HandlerConfig } from './options.js';
import { type HttpReply, sseHeaders, withHeaders } from './replies.js';
import { type DropHandOff, handOffOnDrop, pollDue, resumableReply } from './sessions/session-reply.js';
import { SseSource } from './sse-source.js';

/** The id of a parsed body when it has a valid one, for error responses (P-7). */
function readableId(message: unknown): RequestId | undefined {
  return isRecord(message) && isRequestId(message.id) ? message.id : undefined;
}

/** A notification, or a peer's response (legacy era): accepted with 202 and no body. */
function expectsNoAnswer(message: unknown): boolean {
  if (!isRecord(message)) return false;
  if (typeof message.method === 'string') return !('id' in message);
  return 'id' in message && ('result' in message || 'error' in message);
}

/**
 * The status a final response is sent with: 200 for a result, else the status of the endpoint's
 * failure reason (`httpStatusFor`). A rejected notification always gets an error status (H-8).
 */
function replyStatus(final: FinalResponse, notification: boolean): number {
  if (final.failure === undefined) return 200;
  const status = httpStatusFor(final.failure);
  return notification && status < 400 ? 400 : status;
}

function jsonReply(
  final: FinalResponse,
  notification: boolean,
  extra: Record<string, string> | undefined,
): HttpReply {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (final.challenge !== undefined) headers['www-authenticate'] = final.challenge;
  return {
    kind: 'buffered',
    status: replyStatus(final, notification),
    headers: withHeaders(headers, extra),
    body: responseText(final),
  };
}

/** What the reply to an exchange is made from, once its first item has been read. */
interface Posted {
  readonly exchange: EndpointExchange;
  readonly iterator: AsyncIterator<EndpointItem>;
  readonly id: RequestId | undefined;
  readonly notification: boolean;
  readonly request: IncomingHttpRequest;
  readonly mode: ResponseMode;
  readonly config: HandlerConfig;
  readonly cors: Record<string, string> | undefined;
}

/** The reply when the endpoint failed (a throw, or a rejected read) before anything was sent. */
function failedReply(
  error: unknown,
  id: RequestId | undefined,
  notification: boolean,
  request: IncomingHttpRequest,
  cors: Record<string, string> | undefined,
): HttpReply {
  if (request.cancellation.aborted) return { kind: 'none' };
  return jsonReply(errorFinal(error, id), notification, cors);
}

/** A client that takes only JSON gets the response without the notifications before it. */
async function skipToResponse(
  iterator: AsyncIterator<EndpointItem>,
  first: IteratorResult<EndpointItem>,
): Promise<IteratorResult<EndpointItem>> {
  let item = first;
  while (!item.done && !('response' in item.value)) item = await iterator.next();
  return item;
}

/** Takes a reply made after the call that started it returned: the Node adapter writes it there. */
export interface ReplySink {
  send(reply: HttpReply): void;
  /** Answers a request whose reply could not be made (only a broken invariant throws). */
  fail(): void;
}

/**
 * The reply to a POSTed message: the endpoint's exchange as JSON (the response alone) or as an
 * SSE stream, with its status. A legacy-era exchange names its session and may be resumable
 * (`sessions/session-reply.ts`); a modern one never is. Without a session id or SSE polling, no
 * promise is made beyond the exchange's first read, and the reply is built in its callback.
 * With a `sink`, an exchange read by a call (`readNext`) that answers later hands its reply to
 * the sink, with no promise at all, and `undefined` is returned.
 */
export function replyFromExchange(
  endpoint: McpEndpoint,
  message: unknown,
  context: RequestContext,
  request: IncomingHttpRequest,
  mode: ResponseMode,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
): HttpReply | Promise<HttpReply>;
export function replyFromExchange(
  endpoint: McpEndpoint,
  message: unknown,
  context: RequestContext,
  request: IncomingHttpRequest,
  mode: ResponseMode,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
  sink: ReplySink | undefined,
): HttpReply | Promise<HttpReply> | undefined;
export function replyFromExchange(
  endpoint: McpEndpoint,
  message: unknown,
  context: RequestContext,
  request: IncomingHttpRequest,
  mode: ResponseMode,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
  sink?: ReplySink,
): HttpReply | Promise<HttpReply> | undefined {
  const id = readableId(message);
  const notification = expectsNoAnswer(message);
  const polls = mode !== 'json' && config.resumable.pollAfterMs > 0;
  if (polls || (endpoint.sessions !== undefined && request.headers.has('mcp-session-id'))) {
    return replyFromSessionExchange(
      endpoint,
      message,
      context,
      request,
      mode,
      config,
      cors,
      id,
      notification,
    );
  }
  let posted: Posted;
  let reading: Promise<IteratorResult<EndpointItem>>;
  try {
    const exchange = endpoint.handle(message, context);
    const iterator: ReadableExchange<EndpointItem> = exchange[Symbol.asyncIterator]();
    if (iterator.readNext !== undefined)
      return new ReplyReader(exchange, iterator, id, notification, request, mode, config, cors).read(sink);
    // The same promise when `next()` returns one (no allocation); adopted when it returns a thenable.
    reading = Promise.resolve(iterator.next());
    posted = { exchange, iterator, id, notification, request, mode, config, cors };
  } catch (error) {
    return failedReply(error, id, notification, request, cors);
  }
  const onFailure = (error: unknown) => failedReply(error, id, notification, request, cors);
  return reading.then((first) => {
    if (mode === 'json' && !first.done && !('response' in first.value)) {
      return skipToResponse(posted.iterator, first).then((item) => replyToFirst(item, posted), onFailure);
    }
    return replyToFirst(first, posted);
  }, onFailure);
}

/**
 * Reads an exchange that hands its items over by a call (`readNext`) up to the item the reply is
 * made from: the reply is made in the reaction that produced that item, and is returned without a
 * promise when it was there at once (a synchronous handler), or to a sink without a promise when
 * the reader was given one. Items handed over before `readNext`
 * returns (notifications a JSON-only client does not get) are skipped in a loop, not by recursion.
 */
class ReplyReader implements Posted, ExchangeReader<EndpointItem> {
  #reply: HttpReply | undefined;
  #failure: { error: unknown } | undefined;
  #resolve: ((reply: HttpReply) => void) | undefined;
  #reject: ((error: unknown) => void) | undefined;
  #sink: ReplySink | undefined;
  #handed: IteratorResult<EndpointItem> | undefined;
  #reading = false;

  constructor(
    readonly exchange: EndpointExchange,
    readonly iterator: ReadableExchange<EndpointItem>,
    readonly id: RequestId | undefined,
    readonly notification: boolean,
    readonly request: IncomingHttpRequest,
    readonly mode: ResponseMode,
    readonly config: HandlerConfig,
    readonly cors: Record<string, string> | undefined,
  ) {}

  read(sink: ReplySink | undefined): HttpReply | Promise<HttpReply> | undefined {
    this.#pull();
    if (this.#reply !== undefined) return this.#reply;
    if (this.#failure !== undefined) throw this.#failure.error;
    if (sink !== undefined) {
      this.#sink = sink;
      return undefined;
    }
    return new Promise((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
  }

  step(result: IteratorResult<EndpointItem>): void {
    if (this.#reading) this.#handed = result;
    else if (this.#take(result)) this.#pull();
  }

  fail(error: unknown): void {
    this.#settle(failedReply(error, this.id, this.notification, this.request, this.cors));
  }

  #pull(): void {
    for (;;) {
      this.#reading = true;
      try {
        this.iterator.readNext!(this);
      } catch (error) {
        this.#reading = false;
        this.fail(error);
        return;
      }
      this.#reading = false;
      const handed = this.#handed;
      if (handed === undefined) return;
      this.#handed = undefined;
      if (!this.#take(handed)) return;
    }
  }

  /** Makes the reply from `result`; true when it is a notification to skip and the next item is to be read. */
  #take(result: IteratorResult<EndpointItem>): boolean {
    if (this.mode === 'json' && !result.done && !('response' in result.value)) return true;
    let reply: HttpReply;
    try {
      reply = replyToFirst(result, this);
    } catch (error) {
      this.#failure = { error };
      this.#reject?.(error);
      this.#sink?.fail();
      return false;
    }
    this.#settle(reply);
    return false;
  }

  #settle(reply: HttpReply): void {
    if (this.#resolve !== undefined) this.#resolve(reply);
    else if (this.#sink !== undefined) this.#sink.send(reply);
    else this.#reply = reply;
  }
}

/** `replyFromExchange` for a request that names a session or may be answered by SSE polling. */
async function replyFromSessionExchange(
  endpoint: McpEndpoint,
  message: unknown,
  context: RequestContext,
  request: IncomingHttpRequest,
  mode: ResponseMode,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
  id: RequestId | undefined,
  notification: boolean,
): Promise<HttpReply> {
  let exchange: EndpointExchange;
  let iterator: AsyncIterator<EndpointItem>;
  let first: IteratorResult<EndpointItem>;
  let handOff: DropHandOff | undefined;
  try {
    exchange = endpoint.handle(message, context);
    iterator = exchange[Symbol.asyncIterator]();
    const reading = iterator.next();
    if (endpoint.sessions !== undefined && request.headers.has('mcp-session-id')) {
      handOff = handOffOnDrop(exchange, iterator, reading, id, request, config);
    }
    const polling =
      mode !== 'json' && config.resumable.pollAfterMs > 0
        ? await pollDue(reading, config.resumable.pollAfterMs)
        : undefined;
    if (handOff?.handedOff) return { kind: 'none' };
    const session = exchange.session;
    if (polling === 'due' && session?.resumable && session.id !== undefined) {
      if (handOff) handOff.replying = true;
      // SSE polling: the request runs on; the client gets a priming event and reconnects for the rest.
      const headers = withHeaders(sseHeaders(), { ...cors, 'mcp-session-id': session.id });
      return resumableReply(iterator, reading, id, session.id, config, headers, 0);
    }
    first = await reading;
    if (handOff?.handedOff) return { kind: 'none' };
    if (handOff) handOff.replying = true;
    if (mode === 'json') first = await skipToResponse(iterator, first);
  } catch (error) {
    return failedReply(error, id, notification, request, cors);
  }
  return replyToFirst(first, { exchange, iterator, id, notification, request, mode, config, cors });
}

/** The reply once the exchange's first item (the response alone, for a JSON-only client) is read. */
function replyToFirst(first: IteratorResult<EndpointItem>, posted: Posted): HttpReply {
  const { exchange, iterator, id, notification, request, mode, config } = posted;
  let { cors } = posted;
  // A legacy-era exchange names its session: the client echoes it on every later request (B-11).
  const session = exchange.session;
  if (session?.id !== undefined) cors = { ...cors, 'mcp-session-id': session.id };
  if (first.done) {
    if (notification)
      return { kind: 'buffered', status: 202, headers: withHeaders({}, cors), body: undefined };
    if (request.cancellation.aborted) return { kind: 'none' };
    const error = McpError.internalError('The exchange ended without a response');
    return jsonReply(errorFinal(error, id), notification, cors);
  }
  // An error status is always sent as JSON, like every other error this handler answers (403,
  // 406, 413): a 200 stream would hide a 404 or 400 from an SSE-only client (H-8, H-18..H-20).
  const opening = first.value;
  if ('response' in opening && (mode !== 'sse' || replyStatus(opening, notification) >= 400)) {
    closeQuietly(iterator);
    return jsonReply(opening, notification, cors);
  }
  const headers = withHeaders(sseHeaders(), cors);
  if (session?.resumable && session.id !== undefined) {
    const pollIn = config.resumable.pollAfterMs > 0 ? config.resumable.pollAfterMs : undefined;
    return resumableReply(iterator, opening, id, session.id, config, headers, pollIn);
  }
  const source = new SseSource(iterator, opening, id, request.cancellation, config.keepAliveMs);
  return { kind: 'stream', headers, source };
}
