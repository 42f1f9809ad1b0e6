import type { CallToolResult, McpHeaderAnnotation, Tool } from '@mcpkit/protocol';
import { extractMcpHeaderValues, readMcpHeaderAnnotations } from '@mcpkit/protocol/internal';
import { InvalidResponseError } from './errors.js';
import type { JsonSchemaCompiler, JsonSchemaSupply } from './json-schema-supply.js';

/** How many tools a server may list: on one `tools/list` page, and in all (`McpClientOptions`). */
export interface ToolLimits {
  maxToolsPerPage: number;
  maxTools: number;
}

export const DEFAULT_TOOL_LIMITS: ToolLimits = { maxToolsPerPage: 10_000, maxTools: 100_000 };

/** A tool the client can call, with what `tools/list` said about it. */
export interface ToolEntry {
  readonly ok: true;
  readonly tool: Tool;
  readonly headers: readonly McpHeaderAnnotation[];
  /** The compiled `outputSchema`, or why it cannot be used; compiled on first need. */
  output?: CompiledOutputSchema | string;
}

/** A tool left out because its `x-mcp-header` annotations are invalid (H-24). */
interface RejectedTool {
  readonly ok: false;
  readonly tool: Tool;
  readonly reason: string;
}

type Verdict = ToolEntry | RejectedTool;

/** An `outputSchema` as the client's `JsonSchemaCompiler` compiled it. */
type CompiledOutputSchema = Extract<ReturnType<JsonSchemaCompiler>, { ok: true }>['schema'];

const NO_HEADERS: readonly McpHeaderAnnotation[] = Object.freeze([]);

/**
 * Whether an object anywhere inside `value` has an `x-mcp-header` key. A superset of where
 * `readMcpHeaderAnnotations` looks (it follows schema keywords only), so `false` means that
 * walk would find nothing; one pass over the values that stops at the first hit, an order of
 * magnitude cheaper than the walk for the usual schema without annotations. The key is compared
 * while enumerating rather than looked up with `in`, a megamorphic lookup on every object of every
 * schema: a listed schema is parsed JSON, whose keys are all own and enumerable.
 */
function mentionsHeader(value: object): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && mentionsHeader(item)) return true;
    }
    return false;
  }
  for (const key in value) {
    if (key === 'x-mcp-header') return true;
    const child: unknown = (value as Record<string, unknown>)[key];
    if (typeof child === 'object' && child !== null && mentionsHeader(child)) return true;
  }
  return false;
}

function verdictOf(tool: Tool): Verdict {
  const schema: unknown = tool.inputSchema;
  if (typeof schema !== 'object' || schema === null || !mentionsHeader(schema)) {
    return { ok: true, tool, headers: NO_HEADERS };
  }
  const read = readMcpHeaderAnnotations(schema);
  return read.ok ? { ok: true, tool, headers: read.annotations } : { ok: false, tool, reason: read.reason };
}

/**
 * What the client knows about the server's tools from `tools/list`: each tool's `x-mcp-header`
 * annotations (H-23), checked once per definition, and its `outputSchema`, compiled on first use.
 */
export class ToolRegistry {
  readonly #byName = new Map<string, Verdict>();
  readonly #warn: (tool: string, reason: string) => void;
  readonly #limits: ToolLimits;
  #generation = 0;
  #complete = false;

  constructor(warn: (tool: string, reason: string) => void, limits: ToolLimits = DEFAULT_TOOL_LIMITS) {
    this.#warn = warn;
    this.#limits = limits;
  }

  /**
   * Records a page of tools and returns the ones the client exposes: tools with invalid
   * `x-mcp-header` annotations are dropped, with a warning naming the tool and the reason (H-24).
   * A tool object seen before (a cached page) is not checked again. A page past `maxToolsPerPage`,
   * or one that takes the tools known past `maxTools`, is an `InvalidResponseError`.
   */
  accept(tools: readonly Tool[]): Tool[] {
    const { maxToolsPerPage, maxTools } = this.#limits;
    if (tools.length > maxToolsPerPage) {
      throw new InvalidResponseError(
        'tools/list',
        `a page lists ${tools.length} tools, more than ${maxToolsPerPage}`,
      );
    }
    let kept: Tool[] | undefined;
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i]!;
      const previous = this.#byName.get(tool.name);
      if (previous === undefined && this.#byName.size >= maxTools) {
        throw new InvalidResponseError('tools/list', `the server lists more than ${maxTools} tools`);
      }
      let verdict = previous;
      if (verdict?.tool !== tool) {
        verdict = verdictOf(tool);
        this.#byName.set(tool.name, verdict);
        if (!verdict.ok && (previous?.ok !== false || previous.reason !== verdict.reason)) {
          this.#warn(tool.name, verdict.reason);
        }
      }
      if (!verdict.ok) kept ??= tools.slice(0, i);
      else kept?.push(tool);
    }
    return kept ?? (tools as Tool[]);
  }

  /** The tool's verdict: `undefined` when `tools/list` never showed it. */
  lookup(name: string): Verdict | undefined {
    return this.#byName.get(name);
  }

  /** Whether a walk of every page filled the registry since the last reset. */
  get complete(): boolean {
    return this.#complete;
  }

  /** Changes on every reset; a walk that began in an older generation proves nothing. */
  get generation(): number {
    return this.#generation;
  }

  /** A walk of every page that began in `generation` has ended. */
  markComplete(generation: number): void {
    if (generation === this.#generation) this.#complete = true;
  }

  /** Forgets everything (the tool list changed). */
  reset(): void {
    this.#byName.clear();
    this.#complete = false;
    this.#generation++;
  }

  /** The `Mcp-Param-*` values of a call (H-25, H-27). */
  headerValues(
    entry: ToolEntry,
    args: Record<string, unknown> | undefined,
  ): Record<string, string | number | boolean> | undefined {
    return entry.headers.length === 0 ? undefined : extractMcpHeaderValues(entry.headers, args);
  }

  /**
   * Why `result` breaks the tool's `outputSchema`, or `undefined` when it fits or the tool has
   * none (C-20). A tool error (`isError`) is not checked. A schema that cannot be compiled (an
   * external `$ref`, which is never fetched) rejects the result rather than passing it (P-89).
   * The compiler comes from `schemas`: while it loads (the first result it checks), the answer is
   * a promise.
   */
  outputProblem(
    entry: ToolEntry,
    result: CallToolResult,
    schemas: JsonSchemaSupply,
  ): string | undefined | Promise<string | undefined> {
    const schema = entry.tool.outputSchema;
    if (schema === undefined || result.isError === true) return undefined;
    if (!('structuredContent' in result))
      return 'the tool has an outputSchema but the result has no structuredContent';
    if (entry.output === undefined) {
      const validator = schemas();
      if (validator instanceof Promise)
        return validator.then(() => this.outputProblem(entry, result, schemas));
      const compiled = validator.compileJsonSchema(schema);
      entry.output = compiled.ok ? compiled.schema : compiled.reason;
    }
    if (typeof entry.output === 'string') return `the outputSchema cannot be used: ${entry.output}`;
    const verdict = entry.output.validate(result.structuredContent);
    return verdict.valid
      ? undefined
      : `structuredContent does not fit the outputSchema: ${verdict.errors.join('; ')}`;
  }
}
