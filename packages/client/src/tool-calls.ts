import { type CallToolResult, ErrorCode, type InputRequiredResult, McpError } from '@mcpkit/protocol';
import { InvalidResponseError, InvalidToolError } from './errors.js';
import type { CacheMode, InputCallOptions } from './options.js';
import type { Requester } from './requester.js';
import type { ToolRegistry } from './tools.js';

type Params = Record<string, unknown>;
type Sent = CallToolResult | InputRequiredResult;

/** What a tool call needs from its client. */
export interface ToolCallHost {
  requester: Requester;
  tools: ToolRegistry;
  autoListTools: boolean;
  validateStructuredContent: boolean;
  /** Walks every page of `tools/list`, which fills `tools`. */
  listTools(signal: AbortSignal | undefined, cache: CacheMode): Promise<void>;
  /** Runs the MRTR rounds of the call with `send`. */
  withInput(
    params: Params,
    options: InputCallOptions,
    send: (params: Params) => Promise<Sent>,
  ): Promise<{ result: Sent; retried: boolean }>;
}

/**
 * What `tools/list` said about `name`. A tool the client never saw is looked up by listing the
 * tools first (through the cache), so its `x-mcp-header` annotations and `outputSchema` are known;
 * a tool that was rejected (H-24) cannot be called. If the server fails that listing, the call
 * goes ahead without them.
 */
async function entryOf(host: ToolCallHost, name: string, signal: AbortSignal | undefined, refresh: boolean) {
  const { tools } = host;
  if (refresh) {
    await host.listTools(signal, 'refresh');
  } else if (host.autoListTools && !tools.complete && !tools.lookup(name)) {
    // A server whose tools/list fails may still run the tool: call it without what the list says.
    await host.listTools(signal, 'use').catch((error: unknown) => {
      if (!(error instanceof McpError || error instanceof InvalidResponseError)) throw error;
    });
  }
  const verdict = tools.lookup(name);
  if (verdict && !verdict.ok) throw new InvalidToolError(name, verdict.reason);
  return verdict;
}

/**
 * Calls a tool: mirrors its annotated arguments as `Mcp-Param-*` headers (H-27), and on `-32020`
 * refreshes `tools/list` once and retries as a new request with the new headers (H-28); answers
 * `input_required` through `host.withInput`; checks `structuredContent` against the tool's
 * `outputSchema` (C-20).
 */
export async function callTool(
  host: ToolCallHost,
  name: string,
  args: Params | undefined,
  options: InputCallOptions,
): Promise<Sent> {
  let entry = await entryOf(host, name, options.signal, false);
  let refreshed = false;
  const send = async (params: Params): Promise<Sent> => {
    for (;;) {
      try {
        const headers = entry && host.tools.headerValues(entry, args);
        return await host.requester.send('tools/call', params, options, headers);
      } catch (error) {
        if (refreshed || !(error instanceof McpError) || error.code !== ErrorCode.HeaderMismatch) throw error;
        refreshed = true;
        entry = await entryOf(host, name, options.signal, true);
      }
    }
  };
  const { result } = await host.withInput(
    args === undefined ? { name } : { name, arguments: args },
    options,
    send,
  );
  if (entry && result.resultType === 'complete' && host.validateStructuredContent) {
    const problem = host.tools.outputProblem(entry, result as CallToolResult);
    if (problem) throw new InvalidResponseError('tools/call', problem, 'C-20');
  }
  return result;
}
