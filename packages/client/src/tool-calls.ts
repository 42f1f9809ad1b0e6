import { type CallToolResult, ErrorCode, type InputRequiredResult, McpError } from '@mcpkit/protocol';
import { timerDelay } from './deadlines.js';
import { InvalidResponseError, InvalidToolError, RequestTimeoutError } from './errors.js';
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
  /** The client's default hard maximum of a call, in ms (`McpClientOptions.maxTotalTimeoutMs`). */
  maxTotalTimeoutMs: number;
  /** Walks every page of `tools/list`, which fills `tools`. */
  listTools(signal: AbortSignal | undefined, cache: CacheMode): Promise<void>;
  /**
   * Runs the MRTR rounds of the call with `send`, going on from `first` when given; `send` gets
   * each round's hard deadline: the call's `deadline`, moved later by the time handlers took.
   */
  withInput(
    params: Params,
    options: InputCallOptions,
    deadline: number,
    send: (params: Params, deadline: number) => Promise<Sent>,
    first?: Sent,
  ): Promise<{ result: Sent; retried: boolean }>;
}

type Entry = NonNullable<ReturnType<ToolRegistry['lookup']>> & { ok: true };

/** One call in progress: what `tools/list` said about the tool, refreshed at most once (H-28). */
interface CallState {
  readonly host: ToolCallHost;
  readonly name: string;
  readonly args: Params | undefined;
  readonly options: InputCallOptions;
  entry: Entry | undefined;
  refreshed: boolean;
}

/** Whether the client should list the tools before calling `name`, to learn its annotations. */
function mustList(host: ToolCallHost, name: string): boolean {
  return host.autoListTools && !host.tools.complete && !host.tools.lookup(name);
}

/** What `tools/list` said about `name`; a tool that was rejected (H-24) cannot be called. */
function knownEntry(host: ToolCallHost, name: string): Entry | undefined {
  const verdict = host.tools.lookup(name);
  if (verdict && !verdict.ok) throw new InvalidToolError(name, verdict.reason);
  return verdict;
}

/**
 * Walks every page of `tools/list` for a call. Each page is one request with the client's
 * timeouts; the walk as a whole stops when the call's signal aborts and fails with a
 * `RequestTimeoutError` once the call's hard `deadline` has passed, however promptly each page
 * arrives (C-54, P-81).
 */
async function listForCall(
  host: ToolCallHost,
  options: InputCallOptions,
  cache: CacheMode,
  deadline: number,
): Promise<void> {
  const limitMs = options.maxTotalTimeoutMs ?? host.maxTotalTimeoutMs;
  const caller = options.signal;
  const walk = new AbortController();
  const stopForCaller = () => walk.abort(caller!.reason);
  let timedOut: RequestTimeoutError | undefined;
  const timer = setTimeout(
    () => {
      timedOut = new RequestTimeoutError('tools/list', 'maximum', limitMs);
      walk.abort(timedOut);
    },
    timerDelay(deadline - Date.now()),
  );
  if (caller?.aborted) stopForCaller();
  else caller?.addEventListener('abort', stopForCaller, { once: true });
  try {
    await host.listTools(walk.signal, cache);
  } catch (error) {
    throw timedOut ?? error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', stopForCaller);
  }
}

/**
 * What `tools/list` says about `name`, listing first: a refresh (after `-32020`), or, for a tool
 * the client never saw, through the cache so its `x-mcp-header` annotations and `outputSchema`
 * are known. If the server fails that listing, the call goes ahead without them.
 */
async function listedEntry(
  host: ToolCallHost,
  name: string,
  options: InputCallOptions,
  refresh: boolean,
  deadline: number,
) {
  if (refresh) {
    await listForCall(host, options, 'refresh', deadline);
  } else {
    // A server whose tools/list fails may still run the tool: call it without what the list says.
    await listForCall(host, options, 'use', deadline).catch((error: unknown) => {
      if (!(error instanceof McpError || error instanceof InvalidResponseError)) throw error;
    });
  }
  return knownEntry(host, name);
}

function send(call: CallState, params: Params, deadline: number): Promise<Sent> {
  const { host, entry } = call;
  const headers = entry && host.tools.headerValues(entry, call.args);
  return host.requester.send('tools/call', params, call.options, deadline, headers);
}

/**
 * After `-32020`, the first time in this call: refresh `tools/list` and send again with the new
 * headers (H-28), before the same `deadline`.
 */
async function resendAfterRefresh(
  call: CallState,
  params: Params,
  error: unknown,
  deadline: number,
): Promise<Sent> {
  if (call.refreshed || !(error instanceof McpError) || error.code !== ErrorCode.HeaderMismatch) throw error;
  call.refreshed = true;
  call.entry = await listedEntry(call.host, call.name, call.options, true, deadline);
  return send(call, params, deadline);
}

/** Sends one round of the call before `deadline`, refreshing after `-32020`. */
async function sendChecked(call: CallState, params: Params, deadline: number): Promise<Sent> {
  try {
    return await send(call, params, deadline);
  } catch (error) {
    return resendAfterRefresh(call, params, error, deadline);
  }
}

/**
 * Calls a tool: before calling one it never saw, walks `tools/list` (at most `MAX_PAGES` pages,
 * within the call's signal and hard `deadline`, fixed when the call started); mirrors its
 * annotated arguments as `Mcp-Param-*` headers (H-27), and on `-32020` refreshes `tools/list`
 * once and retries as a new request with the new headers before the same deadline (H-28);
 * answers `input_required` through `host.withInput`; checks `structuredContent` against the
 * tool's `outputSchema` (C-20). The usual call (known tool, no continuation, a complete
 * result) takes one request and no detour.
 */
export async function callTool(
  host: ToolCallHost,
  name: string,
  args: Params | undefined,
  options: InputCallOptions,
  deadline: number,
): Promise<Sent> {
  const call: CallState = {
    host,
    name,
    args,
    options,
    entry: mustList(host, name)
      ? await listedEntry(host, name, options, false, deadline)
      : knownEntry(host, name),
    refreshed: false,
  };
  const params = args === undefined ? { name } : { name, arguments: args };
  let result: Sent;
  if (options.inputResponses !== undefined || options.requestState !== undefined) {
    const sendRound = sendChecked.bind(undefined, call);
    result = (await host.withInput(params, options, deadline, sendRound)).result;
  } else {
    try {
      result = await send(call, params, deadline);
    } catch (error) {
      result = await resendAfterRefresh(call, params, error, deadline);
    }
    if (result.resultType === 'input_required' && options.inputRequired !== 'manual') {
      const sendRound = sendChecked.bind(undefined, call);
      result = (await host.withInput(params, options, deadline, sendRound, result)).result;
    }
  }
  const { entry } = call;
  if (entry && result.resultType === 'complete' && host.validateStructuredContent) {
    const problem = host.tools.outputProblem(entry, result as CallToolResult);
    if (problem) throw new InvalidResponseError('tools/call', problem, 'C-20');
  }
  return result;
}
