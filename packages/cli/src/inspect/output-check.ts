import type { Tool } from '@mcpkit/client';
import { type CompiledJsonSchema, compileJsonSchema } from '@mcpkit/protocol';

/** Whether a tool result's structured content fits the tool's output schema, and if not, why. */
export type OutputCheck = { valid: true } | { valid: false; reason: string };

/**
 * The output schemas of the tools last listed, compiled on first use, to check each result against.
 * The inspector's client does not check results itself, so that a result that breaks its schema is
 * still shown, with the reason.
 */
export class OutputSchemas {
  #schemas = new Map<string, unknown>();
  readonly #compiled = new Map<string, CompiledJsonSchema | string>();

  /** Takes the output schemas of `tools` (a whole `tools/list`), forgetting earlier ones. */
  learn(tools: readonly Tool[]): void {
    this.#schemas = new Map(
      tools.flatMap((tool) => (tool.outputSchema ? [[tool.name, tool.outputSchema]] : [])),
    );
    this.#compiled.clear();
  }

  /** The check of `result` of tool `name`; `undefined` for a tool without an output schema, or an error result. */
  check(name: string, result: { isError?: boolean; structuredContent?: unknown }): OutputCheck | undefined {
    const schema = this.#schemas.get(name);
    if (schema === undefined || result.isError === true) return undefined;
    if (result.structuredContent === undefined)
      return {
        valid: false,
        reason: 'the tool has an output schema, but the result has no structured content',
      };
    let compiled = this.#compiled.get(name);
    if (compiled === undefined) {
      const outcome = compileJsonSchema(schema);
      compiled = outcome.ok ? outcome.schema : outcome.reason;
      this.#compiled.set(name, compiled);
    }
    if (typeof compiled === 'string')
      return { valid: false, reason: `the output schema cannot be used: ${compiled}` };
    const verdict = compiled.validate(result.structuredContent);
    return verdict.valid ? verdict : { valid: false, reason: verdict.errors.join('; ') };
  }
}
