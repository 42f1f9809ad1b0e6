import type {
  AuthInfo,
  EndpointExchange,
  EndpointItem,
  FinalResponse,
  McpEndpoint,
  RequestContext,
  RequestId,
} from '@mcpkit/protocol';
import {
  errorFinal,
  httpStatusFor,
  isRequestId,
  LazyRequestContext,
  McpError,
  parseJson,
  responseText,
} from '@mcpkit/protocol/internal';
import { callHook } from './hook-answer.js';
import type { IncomingHttpRequest } from './incoming.js';
import { isJsonContentType, type ResponseMode, responseModeFor } from './negotiation.js';
import type { HandlerConfig } from './options.js';
import { errorReply, type HttpReply, methodNotAllowed, sseHeaders, withHeaders } from './replies.js';
import type { MetadataSource } from './resource-metadata.js';
import { ResumableStream } from './resumable-stream.js';
import { endSession, openSessionStream } from './session-routes.js';
import { closeQuietly, SseSource } from './sse-source.js';

const METADATA_PATH = '/.well-known/oauth-protected-resource';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id of a parsed body when it has a valid one, for error responses (P-7). */
function readableId(message: unknown): RequestId | undefined {
  return isObject(message) && isRequestId(message.id) ? message.id : undefined;
}

/** A notification, or a peer's response (legacy era): accepted with 202 and no body. */
function expectsNoAnswer(message: unknown): boolean {
  if (!isObject(message)) return false;
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

/** CORS headers for a request from an allowed `Origin`, so browser clients can read responses. */
function corsHeaders(origin: string, sessions: boolean): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    // A browser client of 2025-era sessions must read the session id the server issues.
    'access-control-expose-headers': sessions ? 'WWW-Authenticate, Mcp-Session-Id' : 'WWW-Authenticate',
    vary: 'Origin',
  };
}

function preflight(origin: string, requestedHeaders: string | null, sessions: boolean): HttpReply {
  const headers = corsHeaders(origin, sessions);
  headers['access-control-allow-methods'] = sessions ? 'GET, POST, DELETE' : 'POST';
  headers['access-control-max-age'] = '86400';
  if (requestedHeaders !== null) headers['access-control-allow-headers'] = requestedHeaders;
  return { kind: 'buffered', status: 204, headers, body: undefined };
}

function isMetadataPath(pathname: string): boolean {
  return pathname === METADATA_PATH || pathname.startsWith(`${METADATA_PATH}/`);
}

/** An `authenticate` hook's plain-object answer is the caller's `AuthInfo`. */
const asAuthInfo = (value: Record<string, unknown>): AuthInfo => value as AuthInfo;

async function metadataReply(
  source: MetadataSource,
  request: IncomingHttpRequest,
  cors: Record<string, string> | undefined,
): Promise<HttpReply> {
  const { method, headers } = request;
  if (method !== 'GET' && method !== 'HEAD') {
    return errorReply(405, McpError.invalidRequest('use GET for resource metadata'), {
      ...cors,
      allow: 'GET, HEAD',
    });
  }
  const answer = await source({ method, url: request.url(), headers });
  switch (answer.kind) {
    case 'respond':
      return { kind: 'response', response: answer.response, headers: cors };
    case 'value':
      return {
        kind: 'buffered',
        status: 200,
        headers: withHeaders({ 'content-type': 'application/json' }, cors),
        body: method === 'HEAD' ? undefined : answer.value,
      };
    case 'none':
    case 'invalid':
      return errorReply(500, McpError.internalError('Resource metadata failed'), cors);
  }
}

/**
 * Every HTTP rule of the MCP endpoint, in one place for both entry points: DNS-rebinding
 * protection (403, H-2), routing, CORS preflight, method (405 with `Allow: POST`, H-1, H-38),
 * `Accept` (406) and `Content-Type` (415), authentication (the hook's 401/403), body size (413),
 * JSON parsing (400 with -32700), then the exchange with its status and response mode.
 * A modern exchange never gets `Mcp-Session-Id` or event ids, and `GET`/`DELETE` are 405 unless
 * the endpoint serves 2025-era sessions (`openStream`, `endSession`) (H-38, B-11).
 */
export async function answerHttpRequest(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
): Promise<HttpReply> {
  const { headers, method } = request;
  const host = request.host();
  if (host !== null && !config.guard.hostAllowed(host)) {
    return errorReply(403, McpError.invalidRequest('the Host header is not allowed'), undefined);
  }
  // RFC 9112 has the target's host win over `Host`; both must pass, so neither can smuggle the other.
  const targetHost = request.targetHost?.() ?? null;
  // An HTTP/1.0 request may name no host at all; a rebinding check cannot pass on nothing.
  if (host === null && targetHost === null && config.guard.checksHost) {
    return errorReply(403, McpError.invalidRequest('a Host header is required'), undefined);
  }
  if (targetHost !== null && targetHost !== host && !config.guard.hostAllowed(targetHost)) {
    return errorReply(
      403,
      McpError.invalidRequest('the host of the request target is not allowed'),
      undefined,
    );
  }
  const origin = headers.get('origin');
  if (origin !== null && !config.guard.originAllowed(origin, host)) {
    return errorReply(403, McpError.invalidRequest('the Origin header is not allowed'), undefined);
  }
  const sessions = endpoint.openStream !== undefined && endpoint.endSession !== undefined;
  const cors = origin === null ? undefined : corsHeaders(origin, sessions);

  if (config.metadata !== undefined || config.path !== undefined) {
    const pathname = request.pathname();
    if (config.metadata !== undefined && isMetadataPath(pathname)) {
      return metadataReply(config.metadata, request, cors);
    }
    if (config.path !== undefined && pathname !== config.path) {
      return {
        kind: 'buffered',
        status: 404,
        headers: withHeaders({ 'content-type': 'text/plain' }, cors),
        body: 'Not Found',
      };
    }
  }

  if (method !== 'POST') {
    if (method === 'OPTIONS' && origin !== null && headers.has('access-control-request-method')) {
      return preflight(origin, headers.get('access-control-request-headers'), sessions);
    }
    if (sessions && (method === 'GET' || method === 'DELETE')) {
      const auth = await authenticate(request, config, cors);
      if (auth.kind === 'reply') return auth.reply;
      const context = new LazyRequestContext(
        { transport: 'http', headers, auth: auth.info },
        request.cancellation,
      );
      return method === 'GET'
        ? openSessionStream(endpoint, context, config, cors)
        : endSession(endpoint, context, cors);
    }
    return methodNotAllowed(cors);
  }
  const mode = responseModeFor(headers.get('accept'));
  if (mode === undefined) {
    const reason = 'the Accept header must allow application/json and text/event-stream';
    return errorReply(406, McpError.invalidRequest(reason), cors);
  }
  if (!isJsonContentType(headers.get('content-type'))) {
    return errorReply(415, McpError.invalidRequest('the body must be application/json'), cors);
  }

  // Without a hook there is nothing to wait for: no promise, no extra turn per request.
  const authenticated =
    config.authenticate === undefined ? ANONYMOUS : await authenticate(request, config, cors);
  if (authenticated.kind === 'reply') return authenticated.reply;
  const auth = authenticated.info;

  const body = await request.readBody(config.maxBodyBytes);
  let message: unknown;
  switch (body.kind) {
    case 'failed':
      return { kind: 'none' };
    case 'too-large':
      return errorReply(
        413,
        McpError.invalidRequest(`the body exceeds ${config.maxBodyBytes} bytes`),
        withHeaders({ connection: 'close' }, cors),
      );
    case 'parsed':
      message = body.value;
      break;
    case 'bytes': {
      const parsed = parseJson(body.bytes);
      if (!parsed.ok) return errorReply(400, parsed.error, cors);
      message = parsed.value;
    }
  }

  const context = new LazyRequestContext({ transport: 'http', headers, auth }, request.cancellation);
  // Awaited rather than returned: an async function that returns a promise adopts it two turns later.
  return await replyFromExchange(endpoint, message, context, request, mode, config, cors);
}

async function replyFromExchange(
  endpoint: McpEndpoint,
  message: unknown,
  context: RequestContext,
  request: IncomingHttpRequest,
  mode: ResponseMode,
  config: HandlerConfig,
  corsHeaders: Record<string, string> | undefined,
): Promise<HttpReply> {
  let cors = corsHeaders;
  const id = readableId(message);
  const notification = expectsNoAnswer(message);
  let exchange: EndpointExchange;
  let iterator: AsyncIterator<EndpointItem>;
  let first: IteratorResult<EndpointItem>;
  let handOff: DropHandOff | undefined;
  try {
    exchange = endpoint.handle(message, context);
    iterator = exchange[Symbol.asyncIterator]();
    const reading = iterator.next();
    if (request.headers.has('mcp-session-id')) {
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
      const stream = new ResumableStream(
        iterator,
        id,
        crypto.randomUUID(),
        session.id,
        config.resumable,
        true,
      );
      const headers = withHeaders(sseHeaders(), { ...cors, 'mcp-session-id': session.id });
      return { kind: 'stream', headers, source: stream.start(reading, 0) };
    }
    first = await reading;
    if (handOff?.handedOff) return { kind: 'none' };
    if (handOff) handOff.replying = true;
    // A client that takes only JSON gets the response without the notifications before it.
    while (mode === 'json' && !first.done && !('response' in first.value)) first = await iterator.next();
  } catch (error) {
    if (request.cancellation.aborted) return { kind: 'none' };
    return jsonReply(errorFinal(error, id), notification, cors);
  }
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
    const stream = new ResumableStream(iterator, id, crypto.randomUUID(), session.id, config.resumable, true);
    const pollIn = config.resumable.pollAfterMs > 0 ? config.resumable.pollAfterMs : undefined;
    return { kind: 'stream', headers, source: stream.start(opening, pollIn) };
  }
  const source = new SseSource(iterator, opening, id, request.cancellation, config.keepAliveMs);
  return { kind: 'stream', headers, source };
}

/** Whether a 2025-era session's request was handed off on a drop, or a reply to it has begun. */
interface DropHandOff {
  handedOff: boolean;
  replying: boolean;
}

/**
 * A 2025-era session's client that leaves before anything was sent: its request runs on for the
 * resume window, as after any other drop, instead of until it ends on its own. Kept apart from
 * `replyFromExchange`, so a request without a session allocates none of this.
 */
function handOffOnDrop(
  exchange: EndpointExchange,
  iterator: AsyncIterator<EndpointItem>,
  reading: Promise<IteratorResult<EndpointItem>>,
  id: RequestId | undefined,
  request: IncomingHttpRequest,
  config: HandlerConfig,
): DropHandOff {
  const state: DropHandOff = { handedOff: false, replying: false };
  request.cancellation.onAbort(() => {
    const session = exchange.session;
    if (state.replying || !session?.resumable || session.id === undefined) return;
    state.handedOff = true;
    const stream = new ResumableStream(iterator, id, crypto.randomUUID(), session.id, config.resumable, true);
    stream.start(reading, undefined).cancel();
  });
  return state;
}

/**
 * `'due'` when the exchange's first item has not come within `pollAfterMs` (then SSE polling may
 * answer for it), `undefined` when it came in time.
 */
async function pollDue(reading: Promise<unknown>, pollAfterMs: number): Promise<'due' | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const due = new Promise<'due'>((resolve) => {
    timer = setTimeout(resolve, pollAfterMs, 'due');
  });
  const outcome = await Promise.race([
    reading.then(
      () => undefined,
      () => undefined,
    ),
    due,
  ]);
  clearTimeout(timer);
  return outcome;
}

type Authenticated = { kind: 'pass'; info: AuthInfo | undefined } | { kind: 'reply'; reply: HttpReply };

const ANONYMOUS: Authenticated = { kind: 'pass', info: undefined };

/** Runs the authentication hook (every method that reaches the endpoint goes through it). */
async function authenticate(
  request: IncomingHttpRequest,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
): Promise<Authenticated> {
  if (config.authenticate === undefined) return ANONYMOUS;
  const info = { method: request.method, url: request.url(), headers: request.headers };
  const answer = await callHook(config.authenticate, info, asAuthInfo);
  if (answer.kind === 'respond') {
    return { kind: 'reply', reply: { kind: 'response', response: answer.response, headers: cors } };
  }
  if (answer.kind === 'invalid') {
    return { kind: 'reply', reply: errorReply(500, McpError.internalError('Authentication failed'), cors) };
  }
  return { kind: 'pass', info: answer.kind === 'value' ? answer.value : undefined };
}
