import type { Chain, FinalResponse, JSONRPCRequest, MessageContext, RequestContext } from '@mcpkit/protocol';
import { isRecord, McpError } from '@mcpkit/protocol/internal';
import { forwardedRequest } from '../pipeline/hook-contexts.js';
import { resultResponse } from './translate.js';

/** What the engine answered a forwarded request, kept while the hooks see it as a result or an error. */
interface Served {
  final: FinalResponse | undefined;
  failure: McpError | undefined;
}

/**
 * Runs a forwarded 2025-era request inside the server's `receive` hooks once, however many input
 * rounds the engine runs it for: the hooks see the request as it came, `next()` resolving with
 * its result or rejecting with its JSON-RPC error (refusals included), as for any other request.
 * What `serve` answered goes out as it is unless a hook answered otherwise.
 */
export async function receivedOnce(
  hooks: Chain<MessageContext, unknown> | undefined,
  request: JSONRPCRequest,
  context: RequestContext,
  session: NonNullable<RequestContext['legacySession']>,
  serve: (request: JSONRPCRequest) => Promise<FinalResponse | undefined>,
): Promise<FinalResponse | undefined> {
  if (hooks === undefined) return serve(request);
  const served: Served = { final: undefined, failure: undefined };
  const ctx = forwardedRequest(request, context, session);
  try {
    const result = await hooks(ctx, async (passed) => {
      const rewritten = passed.params !== ctx.params || passed.method !== ctx.method;
      const final = await serve(
        rewritten ? { ...request, method: passed.method, params: passed.params } : request,
      );
      served.final = final;
      if (final === undefined) return undefined;
      const response = final.response as {
        result?: unknown;
        error?: { code: number; message: string; data?: unknown };
      };
      if (response.error === undefined) return response.result;
      served.failure = new McpError(response.error.code, response.error.message, response.error.data);
      throw served.failure;
    });
    const { final } = served;
    if (final !== undefined && (final.response as { result?: unknown }).result === result) return final;
    if (result === undefined && final === undefined) return undefined;
    if (!isRecord(result))
      throw McpError.internalError(`The middleware of ${request.method} returned no result`);
    return resultResponse(request.id, result);
  } catch (error) {
    if (error === served.failure && served.final !== undefined) return served.final;
    throw error;
  }
}
