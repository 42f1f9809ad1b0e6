import type { RequestContext } from '@mcpkit/protocol';
import { isRecord, McpError } from '@mcpkit/protocol/internal';
import type { ServerMiddlewareChains } from './chains.js';
import type { ServerErrorHandler } from './error-report.js';
import { acceptedRequest } from './hook-contexts.js';
import type { LegacyMethod, LegacyRequestInfo } from './middleware.js';
import { isServerFault } from './pipeline.js';

/**
 * Runs `handler`, a method only a 2025-era session has, inside the server's receive chain, as the
 * engine runs a handler; resolves with what the chain produced. A fault of the server's own is
 * reported with its request, as the engine reports one.
 */
export function runLegacyMethod(
  chains: ServerMiddlewareChains,
  report: ServerErrorHandler,
  method: LegacyMethod,
  params: Record<string, unknown>,
  info: LegacyRequestInfo,
  context: RequestContext,
  handler: () => Promise<object>,
): Promise<Record<string, unknown>> {
  const chain = chains.receive;
  // Over HTTP the session is named on every request after `initialize`, which opens it.
  const session = {
    id: context.headers?.get('mcp-session-id') ?? undefined,
    protocolVersion: info.protocolVersion,
  };
  const run =
    chain === undefined ? handler() : chain(acceptedRequest(method, params, info, context, session), handler);
  return run
    .then((result) => {
      if (isRecord(result)) return result;
      throw McpError.internalError(`The middleware of ${method} returned no result`);
    })
    .catch((error: unknown) => {
      if (isServerFault(error)) report(error, { level: 'error', method, requestId: info.requestId });
      throw error;
    });
}
