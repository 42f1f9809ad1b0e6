import type { ClientCapabilities, JSONRPCRequest } from '@mcpkit/protocol';
import { isRecord, McpError, MetaKey, type MethodInfo } from '@mcpkit/protocol/internal';
import { checkInputRequired } from '../input/required-check.js';
import type { ServerRuntime } from './runtime.js';

/**
 * Checks what the handler and middleware produced and adds serverInfo (S-5, S-53..S-56, P-73).
 * `spec` is `undefined` for an extension's method, whose results the extension built. `inPlace`:
 * the result is the server's own copy, `_meta` its first key, and takes serverInfo itself.
 */
export function checkMethodResult(
  runtime: ServerRuntime,
  spec: MethodInfo | undefined,
  request: JSONRPCRequest,
  result: unknown,
  inPlace = false,
): Record<string, unknown> {
  const method = request.method;
  if (!isRecord(result)) {
    throw McpError.internalError(`The handler of ${method} returned no result`);
  }
  const { resultType } = result;
  if (resultType === 'input_required') {
    if (!spec?.inputRequired) throw McpError.internalError(`${method} cannot answer input_required`); // S-53
    // Read only here, for the one result that needs them; step 2 checked they are there.
    const declared = (request.params!._meta as Record<string, unknown>)[MetaKey.clientCapabilities];
    checkInputRequired(result, declared as ClientCapabilities);
  } else if (resultType !== 'complete') {
    checkExtensionResult(runtime, request, resultType);
  }
  if (runtime.serverInfoPrefix === undefined) return result;
  const meta = result._meta as Record<string, unknown> | undefined;
  // `_meta` first, then the spread, then a store to it: see `checkToolResult` in tools.ts.
  const copy: Record<string, unknown> = inPlace ? result : { _meta: undefined, ...result };
  const serverMeta: Record<string, unknown> = meta
    ? { [MetaKey.serverInfo]: undefined, ...meta }
    : { [MetaKey.serverInfo]: undefined };
  serverMeta[MetaKey.serverInfo] = runtime.info;
  copy._meta = serverMeta;
  return copy;
}

export function hasMeta(result: unknown): boolean {
  return (result as Record<string, unknown>)._meta !== undefined;
}

/** Another `resultType` answers only a request an extension lets get it (tasks: ). */
function checkExtensionResult(runtime: ServerRuntime, request: JSONRPCRequest, resultType: unknown): void {
  const { method } = request;
  const declared = (request.params!._meta as Record<string, unknown>)[MetaKey.clientCapabilities];
  const allowed =
    typeof resultType === 'string'
      ? runtime.extensions.allowsResult(resultType, method, declared as ClientCapabilities)
      : undefined;
  if (allowed === undefined) {
    throw McpError.internalError(
      `The handler of ${method} returned resultType ${JSON.stringify(resultType)}`,
    );
  }
  if (!allowed) {
    throw McpError.internalError(`${method} cannot answer resultType "${resultType}" to this request`);
  }
}
