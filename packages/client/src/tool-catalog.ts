import type { CallToolResult, ListToolsResult, Tool } from '@mcpkit/protocol';
import { ErrorCode, McpError } from '@mcpkit/protocol/internal';
import type { CallResult, CallState } from './call.js';
import type { CallChain, Next, Step } from './call-chain.js';
import { timerDelay } from './deadlines.js';
import { InvalidResponseError, InvalidToolError, RequestTimeoutError } from './errors.js';
import type { JsonSchemaSupply } from './json-schema-supply.js';
import type { CacheableCallOptions, CacheMode } from './options.js';
import { listItems, listPage } from './pages.js';
import { type ToolEntry, type ToolLimits, ToolRegistry } from './tools.js';

/** What the catalog needs to know of the client's options. */
export interface ToolCatalogOptions {
  /** List the tools before calling one never seen (`McpClientOptions.autoListTools`). */
  autoListTools: boolean;
  /** Where the compiler of `outputSchema` comes from; `undefined` leaves results unchecked. */
  outputSchemas: JsonSchemaSupply | undefined;
  /** The client's default hard maximum of a call, in ms (`McpClientOptions.maxTotalTimeoutMs`). */
  maxTotalTimeoutMs: number;
  /** How many tools a page, and the server in all, may list. */
  toolLimits: ToolLimits;
  /** A tool was left out of `tools/list` (H-24). */
  rejected(tool: string, reason: string): void;
}

/** `result`, unless `problem` says why it breaks the tool's `outputSchema` (C-20). */
function refusedIf(problem: string | undefined, result: CallResult): CallResult {
  if (problem) throw new InvalidResponseError('tools/call', problem, 'C-20');
  return result;
}

/**
 * Everything the client knows and does about the server's tools, in one place: the registry of
 * what `tools/list` said (which only this object changes), the pages and walks of `tools/list`,
 * and the two steps of a tool call. `step` (above the cache) filters every `tools/list` page
 * through the registry (H-24) and, for `tools/call`, lists the tools first when the tool was
 * never seen and mirrors its annotated arguments as headers (H-27). Below the input rounds, the
 * resend step asks it to refresh `tools/list` once a call on `-32020` (`refreshAfter`, H-28) and
 * to check a `complete` result, which ends the rounds, against the tool's `outputSchema`
 * (`checked`, C-20).
 */
export class ToolCatalog {
  readonly #registry: ToolRegistry;
  readonly #chain: CallChain;
  readonly #options: ToolCatalogOptions;

  constructor(chain: CallChain, options: ToolCatalogOptions) {
    this.#chain = chain;
    this.#options = options;
    this.#registry = new ToolRegistry(options.rejected, options.toolLimits);
  }

  /** One page of tools; a walk that ends on it completes the registry. */
  async page(cursor: string | undefined, options: CacheableCallOptions): Promise<ListToolsResult> {
    const generation = this.#registry.generation;
    const page = await listPage(this.#chain, 'tools/list', cursor, options);
    if (cursor === undefined && page.nextCursor === undefined) this.#registry.markComplete(generation);
    return page;
  }

  /** Every tool, page after page; reading the last one completes the registry. */
  iterate(options: CacheableCallOptions): AsyncGenerator<Tool> {
    const generation = this.#registry.generation;
    return listItems(this.#chain, 'tools/list', 'tools', options, () =>
      this.#registry.markComplete(generation),
    );
  }

  /** The tool list changed (a listen's notification): forget what it said. */
  observe(notification: { method: string }): void {
    if (notification.method === 'notifications/tools/list_changed') this.#registry.reset();
  }

  readonly step: Step = (call, next) => {
    if (call.method === 'tools/call') {
      const name = call.params.name as string;
      if (!this.#mustList(name)) {
        this.#learn(call, name);
        return next(call);
      }
      return this.#listThenCall(call, next, name);
    }
    if (call.method === 'tools/list') return this.#filterPage(call, next);
    return next(call);
  };

  /** Records a page of tools and leaves out those with invalid annotations (H-24). */
  async #filterPage(call: CallState, next: Next): Promise<CallResult> {
    const page = (await next(call)) as ListToolsResult;
    const listed = page.tools;
    const kept = this.#registry.accept(listed);
    return kept === listed ? page : { ...page, tools: kept };
  }

  /** Whether to list the tools before calling `name`, to learn its annotations. */
  #mustList(name: string): boolean {
    return this.#options.autoListTools && !this.#registry.complete && !this.#registry.lookup(name);
  }

  /**
   * Before calling a tool it never saw, walks `tools/list` (at most `MAX_PAGES` pages, within the
   * call's signal and hard deadline); if the server fails that listing, the call goes ahead
   * without what it says. The usual call (a known tool) takes no detour.
   */
  async #listThenCall(call: CallState, next: Next, name: string): Promise<CallResult> {
    await this.#listForCall(call, 'use').catch((error: unknown) => {
      // A server whose tools/list fails may still run the tool: call it without what the list says.
      if (!(error instanceof McpError || error instanceof InvalidResponseError)) throw error;
    });
    this.#learn(call, name);
    return next(call);
  }

  /**
   * After `-32020` to a tool call (H-28), the first time in the call: lists the tools again and
   * puts what they say on the call, so that the request can go again with the new headers (see
   * `resend`). `undefined` for any other error, or once the call has refreshed.
   */
  refreshAfter(call: CallState, error: unknown): Promise<void> | undefined {
    if (call.method !== 'tools/call' || call.toolsRefreshed) return undefined;
    if (!(error instanceof McpError) || error.code !== ErrorCode.HeaderMismatch) return undefined;
    call.toolsRefreshed = true;
    return this.#listForCall(call, 'refresh').then(() => this.#learn(call, call.params.name as string));
  }

  /**
   * A tool call's result, once checked: a `complete` one must fit the `outputSchema` of the tool
   * as last listed (C-20), or the call fails with an `InvalidResponseError`. A promise while the
   * JSON Schema validator loads: the result is never returned before its check ran.
   */
  checked(call: CallState, result: CallResult): CallResult | Promise<CallResult> {
    const entry = call.tool;
    const schemas = this.#options.outputSchemas;
    if (!entry || result.resultType !== 'complete' || schemas === undefined) return result;
    const problem = this.#registry.outputProblem(entry, result as CallToolResult, schemas);
    if (problem instanceof Promise) return problem.then((found) => refusedIf(found, result));
    return refusedIf(problem, result);
  }

  /**
   * Puts what `tools/list` says about the tool on the call: its entry and the `Mcp-Param-*`
   * values of its arguments (H-25, H-27). A tool that was rejected (H-24) cannot be called.
   */
  #learn(call: CallState, name: string): void {
    const verdict = this.#registry.lookup(name);
    if (verdict && !verdict.ok) throw new InvalidToolError(name, verdict.reason);
    const entry: ToolEntry | undefined = verdict;
    call.tool = entry;
    const args = call.params.arguments as Record<string, unknown> | undefined;
    call.paramHeaders = entry && this.#registry.headerValues(entry, args);
  }

  /**
   * Walks every page of `tools/list` for a call. Each page is a call of its own with the client's
   * timeouts; the walk as a whole stops when the call's signal aborts and fails with a
   * `RequestTimeoutError` once the call's hard deadline has passed, however promptly each page
   * arrives (C-54, P-81).
   */
  async #listForCall(call: CallState, cache: CacheMode): Promise<void> {
    const limitMs = call.options.maxTotalTimeoutMs ?? this.#options.maxTotalTimeoutMs;
    const caller = call.signal;
    const walk = new AbortController();
    const stopForCaller = () => walk.abort(caller!.reason);
    let timedOut: RequestTimeoutError | undefined;
    const timer = setTimeout(
      () => {
        timedOut = new RequestTimeoutError('tools/list', 'maximum', limitMs);
        walk.abort(timedOut);
      },
      timerDelay(call.deadline - Date.now()),
    );
    if (caller?.aborted) stopForCaller();
    else caller?.addEventListener('abort', stopForCaller, { once: true });
    try {
      for await (const _ of this.iterate({ signal: walk.signal, cache }));
    } catch (error) {
      throw timedOut ?? error;
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', stopForCaller);
    }
  }
}
