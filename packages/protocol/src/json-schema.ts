import { dereference, type Schema, type SchemaDraft, validate } from '@cfworker/json-schema';
import { budgetedLookup, capUniqueItems, type Expansion, expand, sizeProblem } from './json-schema-cost.js';
import { compilePatterns, useLinearFormats, withLinearPatterns } from './json-schema-patterns.js';
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

const DIALECTS: Record<string, { dialect: JsonSchemaDialect; draft: SchemaDraft }> = {
  'https://json-schema.org/draft/2020-12/schema': { dialect: '2020-12', draft: '2020-12' },
  'https://json-schema.org/draft/2019-09/schema': { dialect: '2019-09', draft: '2019-09' },
  'http://json-schema.org/draft-07/schema': { dialect: 'draft-07', draft: '7' },
  'http://json-schema.org/draft-04/schema': { dialect: 'draft-04', draft: '4' },
};

/** The dialects `compileJsonSchema` supports, by `$schema` URI (without a trailing `#`). */
export const SUPPORTED_JSON_SCHEMA_DIALECTS: readonly string[] = Object.keys(DIALECTS);

function dialectOf(schema: unknown): { dialect: JsonSchemaDialect; draft: SchemaDraft } | string {
  const declared =
    typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (declared === undefined) return DIALECTS['https://json-schema.org/draft/2020-12/schema']!;
  if (typeof declared !== 'string') return 'dialect not supported: $schema must be a string';
  const normalized = declared
    .replace(/#$/, '')
    .replace(/^https:\/\/json-schema\.org\/draft-0/, 'http://json-schema.org/draft-0');
  return (
    DIALECTS[normalized] ??
    `dialect not supported: ${declared} (supported: 2020-12, 2019-09, draft-07, draft-04)`
  );
}

/**
 * Dynamic references resolve against the path validation took, which the validator does not follow
 * faithfully (a `$dynamicRef` would accept anything): a schema that uses one is refused (P-87, P-89).
 */
const UNSUPPORTED_KEYWORDS = ['$dynamicRef', '$recursiveRef'] as const;

function unsupportedKeyword(lookup: Record<string, unknown>): string | undefined {
  for (const node of Object.values(lookup)) {
    if (!isRecord(node)) continue;
    const keyword = UNSUPPORTED_KEYWORDS.find((name) => name in node);
    if (keyword) return `${keyword} is not supported (use $ref and $defs)`;
  }
  return undefined;
}

/**
 * Every `$ref` of the dereferenced schema that points outside it (never fetched, P-87) or is not a
 * string (the validator would fail on it at every value).
 */
function unresolvedRefs(lookup: Record<string, unknown>): unknown[] {
  const missing: unknown[] = [];
  for (const node of Object.values(lookup)) {
    if (typeof node !== 'object' || node === null) continue;
    const { $ref, __absolute_ref__: absolute } = node as { $ref?: unknown; __absolute_ref__?: string };
    if ($ref === undefined) continue;
    if (typeof $ref !== 'string' || absolute === undefined || lookup[absolute] === undefined)
      missing.push($ref);
  }
  return missing;
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
  const dialect = dialectOf(schema);
  if (typeof dialect === 'string') return { ok: false, reason: dialect };
  const tooCostly = sizeProblem(schema, limits.maxDepth ?? 32, limits.maxSubschemas ?? 1000);
  if (tooCostly) return { ok: false, reason: tooCostly };
  let copy: Schema | boolean;
  try {
    // dereference() annotates the schema objects it walks: give it a private copy.
    copy = structuredClone(schema) as Schema | boolean;
  } catch (error) {
    // Values outside subschemas (`default`, `const`, `examples`) are not bounded by the walk above.
    const reason = error instanceof RangeError ? 'it nests too deeply' : (error as Error).message;
    return { ok: false, reason: `schema cannot be copied: ${reason}` };
  }
  let lookup: Record<string, unknown>;
  try {
    lookup = dereference(copy) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, reason: `schema cannot be resolved: ${(error as Error).message}` };
  }
  const unsupported = unsupportedKeyword(lookup);
  if (unsupported) return { ok: false, reason: unsupported };
  const missing = unresolvedRefs(lookup);
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `$ref ${JSON.stringify(missing[0])} does not resolve inside the schema (external references are never fetched)`,
    };
  }
  const maxExpanded = limits.maxExpandedSubschemas ?? 10_000;
  let expansion: Expansion;
  try {
    expansion = expand(copy, lookup, maxExpanded);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // A chain of $refs into subschemas the size walk does not see (under an unknown keyword).
    return { ok: false, reason: 'schema nests too deeply through $ref' };
  }
  if (expansion.size > maxExpanded) {
    return { ok: false, reason: `schema expands to more than ${maxExpanded} subschemas through $ref` };
  }
  capUniqueItems(expansion.reachable, limits.maxUniqueItems ?? 1000);
  const compiledPatterns = compilePatterns(lookup);
  if ('reason' in compiledPatterns) return { ok: false, reason: compiledPatterns.reason };
  const { patterns } = compiledPatterns;
  useLinearFormats();
  const budget = expansion.recursive ? budgetedLookup(lookup, expansion.size) : undefined;
  const surelyValid = simpleObjectCheck(schema);
  const compiled: CompiledJsonSchema = {
    dialect: dialect.dialect,
    validate(value) {
      if (surelyValid?.(value)) return VALID;
      try {
        budget?.start(value);
        const refs = (budget ? budget.lookup : lookup) as never;
        const result = patterns
          ? withLinearPatterns(patterns, () => validate(value, copy, dialect.draft, refs, true))
          : validate(value, copy, dialect.draft, refs, true);
        if (result.valid) return VALID;
        return {
          valid: false,
          // The validator repeats the schema's `enum` or `const` whole: a peer's million values.
          errors: result.errors.map((e) =>
            clipForMessage(`${e.instanceLocation}: ${e.error}`, MAX_ERROR_LENGTH),
          ),
        };
      } catch (error) {
        return { valid: false, errors: [`schema could not be evaluated: ${(error as Error).message}`] };
      }
    },
  };
  return { ok: true, schema: compiled };
}
