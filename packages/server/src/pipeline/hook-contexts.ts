import type {
  JSONRPCNotification,
  JSONRPCRequest,
  MessageContext,
  RequestContext,
  RequestId,
} from '@mcpkit/protocol';
import { isRecord, MetaKey, networkOf } from '@mcpkit/protocol/internal';
import type { ReceivedMessage, ServerMiddlewareChains } from './chains.js';
import type { McpRequestInfo } from './context.js';
import type { ServerErrorHandler } from './error-report.js';

const NO_PARAMS: Record<string, unknown> = Object.freeze({});

/** The fields every message received on `context`, or sent in answer to one, shares: its era, session and peer. */
function hookContext(
  direction: 'receive' | 'send',
  kind: 'request' | 'notification',
  method: string,
  params: Record<string, unknown>,
  id: RequestId | undefined,
  version: string | undefined,
  context: RequestContext,
  info: ReceivedMessage['context'],
  session = context.legacySession,
): ReceivedMessage {
  return {
    side: 'server',
    direction,
    kind,
    method,
    params,
    id,
    era: session === undefined ? 'modern' : 'legacy',
    protocolVersion: session === undefined ? version : session.protocolVersion,
    sessionId: session?.id,
    network: networkOf(context.transport, context.network),
    taskId: typeof params.taskId === 'string' ? params.taskId : undefined,
    context: info,
  };
}

/**
 * A request the server accepted, with its info, as its receive chain sees it. `session`: a
 * 2025-era session's own methods (`initialize`, `logging/setLevel`...) name theirs.
 */
export function acceptedRequest(
  method: string,
  params: Record<string, unknown>,
  info: Pick<McpRequestInfo, 'requestId' | 'protocolVersion'>,
  context: RequestContext,
  session?: RequestContext['legacySession'],
): ReceivedMessage {
  return hookContext(
    'receive',
    'request',
    method,
    params,
    info.requestId,
    info.protocolVersion,
    context,
    info,
    session,
  );
}

/** A request refused before its handler: the receive hooks see it, and `next()` rejects with the refusal. */
function refusedRequest(request: JSONRPCRequest, context: RequestContext): ReceivedMessage {
  const params = isRecord(request.params) ? request.params : NO_PARAMS;
  return hookContext(
    'receive',
    'request',
    request.method,
    params,
    request.id,
    sentVersion(params),
    context,
    undefined,
  );
}

/** A notification, as the receive hooks see it. */
function receivedNotification(
  message: JSONRPCNotification,
  context: RequestContext,
  session: RequestContext['legacySession'],
): ReceivedMessage {
  const params = isRecord(message.params) ? message.params : NO_PARAMS;
  return hookContext(
    'receive',
    'notification',
    message.method,
    params,
    undefined,
    sentVersion(params),
    context,
    undefined,
    session,
  );
}

/** A notification the server sends on the exchange of `request` (progress, a log message, a listen's), as the send hooks see it. */
export function sentNotification(
  message: JSONRPCNotification,
  request: JSONRPCRequest,
  context: RequestContext,
): ReceivedMessage {
  const params = isRecord(message.params) ? message.params : NO_PARAMS;
  const version = sentVersion(isRecord(request.params) ? request.params : NO_PARAMS);
  return hookContext('send', 'notification', message.method, params, undefined, version, context, undefined);
}

/** A 2025-era request the legacy layer forwards to the engine, as the receive hooks see it, once. */
export function forwardedRequest(
  request: JSONRPCRequest,
  context: RequestContext,
  session: NonNullable<RequestContext['legacySession']>,
): MessageContext {
  const params = isRecord(request.params) ? request.params : NO_PARAMS;
  return hookContext(
    'receive',
    'request',
    request.method,
    params,
    request.id,
    undefined,
    context,
    undefined,
    session,
  );
}

/**
 * A request the server sends a 2025-era client (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`) while serving one of its requests, as the send hooks see it.
 */
export function sentRequest(
  id: RequestId,
  method: string,
  params: Record<string, unknown>,
  context: RequestContext,
  session: NonNullable<RequestContext['legacySession']>,
): MessageContext {
  return hookContext('send', 'request', method, params, id, undefined, context, undefined, session);
}

/** The protocol version a modern message names in its `_meta`, if it names one. */
function sentVersion(params: Record<string, unknown>): string | undefined {
  const meta = params._meta;
  const version = isRecord(meta) ? meta[MetaKey.protocolVersion] : undefined;
  return typeof version === 'string' ? version : undefined;
}

/**
 * A request refused before its handler (steps 2 to 6 of the pipeline): with a `receive` hook, it
 * passes through the receive chain, whose `next()` rejects with the refusal (a hook may answer
 * instead); without one, the refusal is thrown as it is.
 */
export function refuse(
  chains: ServerMiddlewareChains,
  request: JSONRPCRequest,
  context: RequestContext,
  error: unknown,
): Promise<unknown> {
  const { receive, everyMessage } = chains;
  // A forwarded 2025-era request's refusal reaches the hooks where the legacy layer runs them.
  if (receive === undefined || !everyMessage || context.legacySession !== undefined) throw error;
  return receive(refusedRequest(request, context), () => Promise.reject(error));
}

/** What a notification comes to once its hooks pass it on: nothing (cancellation reaches a request through its context). */
const ignore = (): Promise<undefined> => Promise.resolve(undefined);

/**
 * Passes a notification through the receive hooks, if any; what they throw is reported, not
 * answered. `session`: the 2025-era session a notification of that era came in (`initialized`...).
 */
export function notified(
  chains: ServerMiddlewareChains,
  message: JSONRPCNotification,
  context: RequestContext,
  report: ServerErrorHandler,
  session = context.legacySession,
): void {
  const { receive, everyMessage } = chains;
  if (receive === undefined || !everyMessage) return;
  receive(receivedNotification(message, context, session), ignore).catch((error: unknown) =>
    report(error, { level: 'warning', method: message.method }),
  );
}
