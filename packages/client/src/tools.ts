import {
  type CallToolResult,
  type CompiledJsonSchema,
  compileJsonSchema,
  extractMcpHeaderValues,
  type McpHeaderAnnotation,
  readMcpHeaderAnnotations,
  type Tool,
} from '@mcpkit/protocol';

interface ToolEntry {
  tool: Tool;
  headers: McpHeaderAnnotation[];
  /** The compiled `outputSchema`, or why it cannot be used; compiled on first need. */
  output?: CompiledJsonSchema | string;
}

type Verdict = { ok: true; entry: ToolEntry } | { ok: false; reason: string };

/**
 * What the client knows about the server's tools from `tools/list`: each tool's `x-mcp-header`
 * annotations (H-23), checked once per definition, and its `outputSchema`, compiled on first use.
 */
export class ToolRegistry {
  readonly #verdicts = new WeakMap<Tool, Verdict>();
  readonly #byName = new Map<string, Verdict>();
  readonly #warn: (tool: string, reason: string) => void;
  #generation = 0;
  #complete = false;

  constructor(warn: (tool: string, reason: string) => void) {
    this.#warn = warn;
  }

  /**
   * Records a page of tools and returns the ones the client exposes: tools with invalid
   * `x-mcp-header` annotations are dropped, with a warning naming the tool and the reason (H-24).
   */
  accept(tools: readonly Tool[]): Tool[] {
    let kept: Tool[] | undefined;
    for (let i = 0; i < tools.length; i++) {
      const tool = tools[i]!;
      let verdict = this.#verdicts.get(tool);
      if (!verdict) {
        const read = readMcpHeaderAnnotations(tool.inputSchema);
        verdict = read.ok ? { ok: true, entry: { tool, headers: read.annotations } } : read;
        this.#verdicts.set(tool, verdict);
        const previous = this.#byName.get(tool.name);
        if (!verdict.ok && (previous?.ok !== false || previous.reason !== verdict.reason)) {
          this.#warn(tool.name, verdict.reason);
        }
      }
      this.#byName.set(tool.name, verdict);
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
   */
  outputProblem(entry: ToolEntry, result: CallToolResult): string | undefined {
    const schema = entry.tool.outputSchema;
    if (schema === undefined || result.isError === true) return undefined;
    if (!('structuredContent' in result))
      return 'the tool has an outputSchema but the result has no structuredContent';
    if (entry.output === undefined) {
      const compiled = compileJsonSchema(schema);
      entry.output = compiled.ok ? compiled.schema : compiled.reason;
    }
    if (typeof entry.output === 'string') return `the outputSchema cannot be used: ${entry.output}`;
    const verdict = entry.output.validate(result.structuredContent);
    return verdict.valid
      ? undefined
      : `structuredContent does not fit the outputSchema: ${verdict.errors.join('; ')}`;
  }
}
