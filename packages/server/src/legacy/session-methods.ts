import type { JSONRPCRequest, LegacyMethod, RequestContext, ServerCapabilities } from '@mcpkit/protocol';
import { isRecord, type LazyAbort, McpError, type SchemaSet } from '@mcpkit/protocol/internal';
import type { LegacyMethodTypes, LegacyRequestInfo } from '../pipeline/middleware.js';
import { withSubscription } from './session-fields.js';
import type { SessionRecord } from './session-store.js';

/** A method an open 2025-era session serves itself. */
export type SessionMethod = Exclude<LegacyMethod, 'initialize'>;

/** A checked request to a method an open 2025-era session serves itself. */
export type SessionCall = {
  [M in SessionMethod]: { readonly method: M; readonly params: LegacyMethodTypes[M]['params'] };
}[SessionMethod];

/**
 * The checked method and params of `request`, one of the methods the session serves itself
 * (`resources/subscribe`, `resources/unsubscribe`, `logging/setLevel`). Throws, as the engine's
 * steps 5 and 6 would, `-32601` when the server does not offer it and `-32602` for params the
 * 2025 wire's schema refuses: both before middleware.
 */
export function readSessionCall(
  method: SessionMethod,
  params: unknown,
  capabilities: ServerCapabilities,
  subscriptions: boolean,
  schemas: SchemaSet,
): SessionCall {
  if (method === 'logging/setLevel') {
    if (capabilities.logging === undefined) throw McpError.methodNotFound(method);
    const read = schemas.decodeLegacyParams(method, params);
    if (!read.ok) throw read.error;
    return { method, params: { level: read.value.level } };
  }
  if (capabilities.resources === undefined || !subscriptions) throw McpError.methodNotFound(method);
  const read = schemas.decodeLegacyParams(method, params);
  if (!read.ok) throw read.error;
  return { method, params: { uri: read.value.uri } };
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
