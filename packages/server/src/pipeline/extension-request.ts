import type { JSONRPCRequest, RequestContext, RequestMetaFields } from '@mcpkit/protocol';
import type { ExtensionMethod, ExtensionRequestInfo } from '../extensions/extension.js';
import { receiveChainFor } from './chains.js';
import { acceptedRequest } from './hook-contexts.js';
import type { ServerRuntime } from './runtime.js';

/** What a handler of an extension's method and middleware see of its request; `signal` is read on demand, as transports create it lazily. */
function extensionRequestInfo(
  request: JSONRPCRequest,
  fields: RequestMetaFields,
  context: RequestContext,
): ExtensionRequestInfo {
  return {
    requestId: request.id,
    method: request.method,
    protocolVersion: fields.protocolVersion,
    clientCapabilities: fields.clientCapabilities,
    clientInfo: fields.clientInfo,
    auth: context.auth,
    transport: context.transport,
    meta: request.params!._meta as Record<string, unknown>,
    get signal() {
      return context.signal;
    },
  };
}

/** Steps 6 and 7 of a request to an extension's method: its own checks, then middleware and its handler. */
export function startExtensionRequest(
  runtime: ServerRuntime,
  served: ExtensionMethod<unknown>,
  request: JSONRPCRequest,
  fields: RequestMetaFields,
  context: RequestContext,
): Promise<unknown> {
  const params = request.params as Record<string, unknown>;
  const info = extensionRequestInfo(request, fields, context);
  const checked = served.check ? served.check(params, info) : params;
  const handler = () => served.run(checked, info);
  const chain = receiveChainFor(runtime.middleware, context);
  if (chain === undefined) return handler();
  // Middleware sees an extension's request as it sees the tasks extension's; rewritten params are checked again.
  return chain(acceptedRequest(info.method, params, info, context), (ctx) =>
    ctx.params === params
      ? handler()
      : served.run(served.check ? served.check(ctx.params, info) : ctx.params, info),
  );
}
