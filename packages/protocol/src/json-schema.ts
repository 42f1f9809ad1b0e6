import { compileSchemaTree, runner } from './json-schema-compile.js';
import { countValues, type Expansion, expand, sizeProblem } from './json-schema-cost.js';
import { linearPatterns } from './json-schema-patterns.js';
import { SchemaRefs } from './json-schema-refs.js';
import type { Check } from './json-schema-run.js';
import { SchemaProblem } from './json-schema-run.js';
import { simpleObjectCheck } from './json-schema-simple.js';
import { clipForMessage, isRecord } from './json-schema-values.js';

/** Limits on what a schema may cost to validate (P-90). */
export interface JsonSchemaLimits {
  /** Deepest nesting of subschemas. Default 32. */
  maxDepth?: number;
  /** Most subschemas in one schema, `$defs` and composition included. Default 1,000. */
  maxSubschemas?: number;
  /**
   * Most subschemas validation can reach once every `$ref` is replaced by its target (a `$ref` back
   * into itself counts once). Default 10,000.
   */
  maxExpandedSubschemas?: number;
  /**
   * Longest array `uniqueItems` checks; its items are compared pairwise. A longer array where
   * `uniqueItems` applies is invalid ("too many items"). Default 1,000.
   */
  maxUniqueItems?: number;
}

/** The longest error message of a verdict, in characters. */
const MAX_ERROR_LENGTH = 300;

/** The outcome of validating one value; each error is clipped to 300 characters. */
export type JsonSchemaVerdict = { valid: true } | { valid: false; errors: string[] };

const VALID: JsonSchemaVerdict = Object.freeze({ valid: true });

/** A schema ready to validate values, compiled once. */
export interface CompiledJsonSchema {
  readonly dialect: JsonSchemaDialect;
  validate(value: unknown): JsonSchemaVerdict;
}

export type JsonSchemaDialect = '2020-12' | '2019-09' | 'draft-07' | 'draft-04';

export type JsonSchemaCompileResult =
  | { ok: true; schema: CompiledJsonSchema }
  | { ok: false; reason: string };

const DIALECTS: Record<string, JsonSchemaDialect> = {
  'https://json-schema.org/draft/2020-12/schema': '2020-12',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'http://json-schema.org/draft-07/schema': 'draft-07',
  'http://json-schema.org/draft-04/schema': 'draft-04',
};

/** The dialects `compileJsonSchema` supports, by `$schema` URI (without a trailing `#`). */
export const SUPPORTED_JSON_SCHEMA_DIALECTS: readonly string[] = Object.keys(DIALECTS);

function dialectOf(schema: unknown): JsonSchemaDialect | SchemaProblem {
  const declared =
    typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (declared === undefined) return '2020-12';
  if (typeof declared !== 'string')
    return new SchemaProblem('dialect not supported: $schema must be a string');
  const normalized = declared
    .replace(/#$/, '')
    .replace(/^https:\/\/json-schema\.org\/draft-0/, 'http://json-schema.org/draft-0');
  return (
    DIALECTS[normalized] ??
    new SchemaProblem(`dialect not supported: ${declared} (supported: 2020-12, 2019-09, draft-07, draft-04)`)
  );
}

/** Compiles `schema` or throws a `SchemaProblem` that says why it cannot be (a `RangeError` if it nests too deeply). */
function compile(schema: Record<string, unknown> | boolean, limits: JsonSchemaLimits): CompiledJsonSchema {
  const dialect = dialectOf(schema);
  if (dialect instanceof SchemaProblem) throw dialect;
  const tooCostly = sizeProblem(schema, limits.maxDepth ?? 32, limits.maxSubschemas ?? 1000);
  if (tooCostly) throw new SchemaProblem(tooCostly);
  const legacy = dialect === 'draft-07' || dialect === 'draft-04';
  const refs = new SchemaRefs(schema, dialect === 'draft-04', !legacy);
  const maxExpanded = limits.maxExpandedSubschemas ?? 10_000;
  const expansion: Expansion = expand(schema, (node) => refs.targetOf(node), maxExpanded);
  if (expansion.size > maxExpanded) {
    throw new SchemaProblem(`schema expands to more than ${maxExpanded} subschemas through $ref`);
  }
  const check: Check = compileSchemaTree(schema, {
    refs,
    refIgnoresSiblings: legacy,
    draft04: dialect === 'draft-04',
    containsEvaluates: dialect === '2020-12',
    maxUniqueItems: limits.maxUniqueItems ?? 1000,
    budgeted: expansion.recursive,
    pattern: linearPatterns(),
  });
  const run = runner(check);
  const surelyValid = simpleObjectCheck(schema);
  return {
    dialect,
    validate(value) {
      if (surelyValid?.(value)) return VALID;
      try {
        // A recursive schema may follow, per JSON value validated, as many $refs as it expands to.
        const errors = run(value, expansion.recursive ? countValues(value) * expansion.size : 0);
        if (errors.length === 0) return VALID;
        return { valid: false, errors: errors.map((error) => clipForMessage(error, MAX_ERROR_LENGTH)) };
      } catch (error) {
        return { valid: false, errors: [`schema could not be evaluated: ${(error as Error).message}`] };
      }
    },
  };
}

/**
 * Compiles a JSON Schema (2020-12 unless `$schema` names another supported dialect) for
 * validating tool arguments and structured results. Runs on every runtime (no code generation).
 *
 * Refuses, with a reason instead of a crash: an unsupported dialect (P-83); a `$ref` that does not
 * resolve inside the schema, such as a network URI, which is never fetched (P-87, P-89);
 * `$dynamicRef` and `$recursiveRef`, which it cannot evaluate faithfully; a schema beyond `limits` (P-90);
 * a `pattern` or `patternProperties` expression only a backtracking engine can match (a backreference,
 * lookaround, `\b`). Patterns and formats are matched in time linear in the value, so a schema from
 * a peer cannot stall the process (`^((a+)+)+$` is matched by an automaton, not by backtracking).
 * A recursive schema is also bounded when it validates: a value whose validation would resolve more
 * `$ref`s than the schema's expanded size for each JSON value in it is invalid, with that reason.
 *
 * @example
 * ```ts
 * const compiled = compileJsonSchema({ type: 'object', properties: { n: { type: 'integer' } } });
 * if (compiled.ok) compiled.schema.validate({ n: 1 }); // { valid: true }
 * ```
 */
export function compileJsonSchema(schema: unknown, limits: JsonSchemaLimits = {}): JsonSchemaCompileResult {
  if (typeof schema !== 'boolean' && !isRecord(schema)) {
    return { ok: false, reason: 'a JSON Schema is an object or a boolean' };
  }
  let copy: Record<string, unknown> | boolean;
  try {
    // The compiled closures keep parts of the schema (`enum` values, `required` lists): a private copy
    // keeps them from changing when the caller's schema object does.
    copy = structuredClone(schema);
  } catch (error) {
    // Values outside subschemas (`default`, `const`, `examples`) are not bounded by the size limits.
    const reason = error instanceof RangeError ? 'it nests too deeply' : (error as Error).message;
    return { ok: false, reason: `schema cannot be copied: ${reason}` };
  }
  try {
    return { ok: true, schema: compile(copy, limits) };
  } catch (error) {
    if (error instanceof SchemaProblem) return { ok: false, reason: error.message };
    if (error instanceof RangeError) return { ok: false, reason: 'schema nests too deeply through $ref' };
    throw error;
  }
}
