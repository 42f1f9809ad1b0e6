import type { AuthInfo, McpEndpoint } from '@mcpkit/protocol';
import { McpError, parseJson } from '@mcpkit/protocol/internal';
import { authenticate } from './authenticate.js';
import { corsHeaders, preflight } from './cors.js';
import { type ReplySink, replyFromExchange } from './exchange-reply.js';
import type { BodyRead, IncomingHttpRequest } from './incoming.js';
import { isMetadataPath, metadataReply } from './metadata-route.js';
import { isJsonContentType, type ResponseMode, responseModeFor } from './negotiation.js';
import type { HandlerConfig } from './options.js';
import { errorReply, type HttpReply, methodNotAllowed, withHeaders } from './replies.js';
import { endSession, openSessionStream } from './sessions/session-routes.js';

/**
 * An adapter that answers in the callback where the body completes (Node): the reply is made
 * there, and written at once when the endpoint answers at once, with no promise in between.
 */
export interface ReplyInCallback extends ReplySink {
  /** Like `readBody`, but a body still arriving goes to `onRead` when complete, and `undefined` is returned. */
  readBodyThen(limit: number, onRead: (read: BodyRead) => void): BodyRead | undefined;
  /** Sends the reply made in `onRead`, or by the exchange later. */
  send(reply: HttpReply | Promise<HttpReply>): void;
}

/**
 * Every HTTP rule of the MCP endpoint, in one place for both entry points: DNS-rebinding
 * protection (403, H-2), routing, CORS preflight, method (405 with `Allow: POST`, H-1, H-38),
 * `Accept` (406) and `Content-Type` (415), authentication (the hook's 401/403), body size (413),
 * JSON parsing (400 with -32700), then the exchange with its status and response mode.
 * A modern exchange never gets `Mcp-Session-Id` or event ids, and `GET`/`DELETE` are 405 unless
 * the endpoint serves 2025-era sessions (`endpoint.sessions`) (H-38, B-11).
 * A request refused before its body is read is answered at once, without a promise.
 */
export function answerHttpRequest(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
): HttpReply | Promise<HttpReply>;
/** `undefined`: the body is still arriving, and the reply goes to `adapter.send` once it is made. */
export function answerHttpRequest(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  adapter: ReplyInCallback,
): HttpReply | Promise<HttpReply> | undefined;
export function answerHttpRequest(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  adapter?: ReplyInCallback,
): HttpReply | Promise<HttpReply> | undefined {
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
  const sessions = endpoint.sessions;
  const cors = origin === null ? undefined : corsHeaders(origin, sessions !== undefined);

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
      return preflight(origin, headers.get('access-control-request-headers'), sessions !== undefined);
    }
    if (sessions !== undefined && (method === 'GET' || method === 'DELETE')) {
      return answerSessionRoute(sessions, request, config, cors);
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
  if (config.authenticate === undefined) {
    if (adapter !== undefined) return replyInCallback(endpoint, request, config, mode, cors, adapter);
    return readAndReply(endpoint, request, config, mode, cors, undefined);
  }
  return authenticate(request, config, cors).then((authenticated) =>
    authenticated.kind === 'reply'
      ? authenticated.reply
      : readAndReply(endpoint, request, config, mode, cors, authenticated.info),
  );
}

/** The `GET` stream and `DELETE` of a 2025-era session, after the authentication hook. */
async function answerSessionRoute(
  sessions: NonNullable<McpEndpoint['sessions']>,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  cors: Record<string, string> | undefined,
): Promise<HttpReply> {
  const auth = await authenticate(request, config, cors);
  if (auth.kind === 'reply') return auth.reply;
  const network = request.network?.();
  const context = new config.Context(
    { transport: 'http', headers: request.headers, auth: auth.info, network },
    request.cancellation,
  );
  return request.method === 'GET'
    ? openSessionStream(sessions, context, config, cors)
    : endSession(sessions, context, cors);
}

/** Reads the body of an authenticated POST, then answers it with the endpoint's exchange. */
function readAndReply(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  mode: ResponseMode,
  cors: Record<string, string> | undefined,
  auth: AuthInfo | undefined,
): HttpReply | Promise<HttpReply> {
  const body = request.readBody(config.maxBodyBytes);
  if (!(body instanceof Promise)) return replyToBody(endpoint, request, config, mode, cors, auth, body);
  return body.then((read) => replyToBody(endpoint, request, config, mode, cors, auth, read));
}

/**
 * `readAndReply` for an adapter that answers in the body's callback: a body that completes in an
 * event is answered in that event, and written there when the exchange answers at once.
 */
function replyInCallback(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  mode: ResponseMode,
  cors: Record<string, string> | undefined,
  adapter: ReplyInCallback,
): HttpReply | Promise<HttpReply> | undefined {
  const body = adapter.readBodyThen(config.maxBodyBytes, (read) => {
    let reply: HttpReply | Promise<HttpReply> | undefined;
    try {
      reply = replyToBody(endpoint, request, config, mode, cors, undefined, read, adapter);
    } catch {
      adapter.fail();
      return;
    }
    if (reply !== undefined) adapter.send(reply);
  });
  if (body === undefined) return undefined;
  return replyToBody(endpoint, request, config, mode, cors, undefined, body, adapter);
}

/** The reply to a body; with a `sink`, `undefined` when the exchange hands its reply to the sink later. */
function replyToBody(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  mode: ResponseMode,
  cors: Record<string, string> | undefined,
  auth: AuthInfo | undefined,
  body: BodyRead,
): HttpReply | Promise<HttpReply>;
function replyToBody(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  mode: ResponseMode,
  cors: Record<string, string> | undefined,
  auth: AuthInfo | undefined,
  body: BodyRead,
  sink: ReplySink,
): HttpReply | Promise<HttpReply> | undefined;
function replyToBody(
  endpoint: McpEndpoint,
  request: IncomingHttpRequest,
  config: HandlerConfig,
  mode: ResponseMode,
  cors: Record<string, string> | undefined,
  auth: AuthInfo | undefined,
  body: BodyRead,
  sink?: ReplySink,
): HttpReply | Promise<HttpReply> | undefined {
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
  const network = request.network?.();
  const context = new config.Context(
    { transport: 'http', headers: request.headers, auth, network },
    request.cancellation,
  );
  return replyFromExchange(endpoint, message, context, request, mode, config, cors, sink);
}
