import type { JSONRPCRequest, RequestContext, ServerCapabilities } from '@mcpkit/protocol';
import { isRecord, type LazyAbort, McpError } from '@mcpkit/protocol/internal';
import type { LegacyMethod, LegacyMethodTypes, LegacyRequestInfo } from '../pipeline/middleware.js';
import { readLogLevel, readUri } from './initialize.js';
import { withSubscription } from './session-fields.js';
import type { SessionRecord } from './session-store.js';

type SessionMethod = Exclude<LegacyMethod, 'initialize'>;

/** A checked request to a method an open 2025-era session serves itself. */
export type SessionCall = {
  [M in SessionMethod]: { readonly method: M; readonly params: LegacyMethodTypes[M]['params'] };
}[SessionMethod];

/**
 * The checked method and params of `request` when it is one of the methods the session serves
 * itself (`resources/subscribe`, `resources/unsubscribe`, `logging/setLevel`), else `undefined`.
 * Throws, as the engine's steps 5 and 6 would, `-32601` when the server does not offer it and
 * `-32602` for bad params: both before middleware.
 */
export function readSessionCall(
  request: JSONRPCRequest,
  capabilities: ServerCapabilities,
  subscriptions: boolean,
): SessionCall | undefined {
  const { method, params } = request;
  switch (method) {
    case 'logging/setLevel': {
      if (capabilities.logging === undefined) throw McpError.methodNotFound(method);
      const level = readLogLevel(params);
      if (level instanceof McpError) throw level;
      return { method, params: { level } };
    }
    case 'resources/subscribe':
    case 'resources/unsubscribe': {
      if (capabilities.resources === undefined || !subscriptions) throw McpError.methodNotFound(method);
      const uri = readUri(params);
      if (uri instanceof McpError) throw uri;
      return { method, params: { uri } };
    }
    default:
      return undefined;
  }
}

/** The session once `call` is applied to it; `-32602` when a subscription would pass the session's limits. */
export function applySessionCall(session: SessionRecord, call: SessionCall): SessionRecord {
  if (call.method === 'logging/setLevel') return { ...session, logLevel: call.params.level };
  const uri = call.params.uri;
  const others = session.subscriptions.filter((each) => each !== uri);
  return {
    ...session,
    subscriptions: call.method === 'resources/subscribe' ? withSubscription(others, uri) : others,
  };
}

/** What middleware knows of a `method` request: who sent it (the session's client, the request's token), and how. */
export function sessionCallInfo(
  method: LegacyMethod,
  request: JSONRPCRequest,
  session: SessionRecord,
  context: RequestContext,
  cancellation: LazyAbort,
): LegacyRequestInfo {
  const meta = isRecord(request.params) && isRecord(request.params._meta) ? request.params._meta : {};
  return {
    requestId: request.id,
    method,
    protocolVersion: session.protocolVersion,
    clientCapabilities: session.clientCapabilities,
    clientInfo: session.clientInfo,
    auth: context.auth,
    transport: context.transport,
    meta,
    get signal() {
      return cancellation.signal;
    },
  };
}
