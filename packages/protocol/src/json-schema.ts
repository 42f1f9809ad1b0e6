import { dereference, type Schema, type SchemaDraft, validate } from '@cfworker/json-schema';
import { isRecord } from './is-record.js';

/** Limits on what a schema may cost to validate (P-90). */
export interface JsonSchemaLimits {
  /** Deepest nesting of subschemas. Default 32. */
  maxDepth?: number;
  /** Most subschemas in one schema, `$defs` and composition included. Default 1,000. */
  maxSubschemas?: number;
}

/** The outcome of validating one value. */
export type JsonSchemaVerdict = { valid: true } | { valid: false; errors: string[] };

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

const SUBSCHEMA_KEYWORDS = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SUBSCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SUBSCHEMA_MAP_KEYWORDS = new Set([
  '$defs',
  'definitions',
  'dependentSchemas',
  'patternProperties',
  'properties',
]);

/** Walks every subschema; returns why the schema is too costly, or `undefined`. */
function costProblem(schema: unknown, maxDepth: number, maxSubschemas: number): string | undefined {
  let count = 0;
  const walk = (node: unknown, depth: number): string | undefined => {
    if (!isRecord(node)) return undefined;
    if (++count > maxSubschemas) return `schema has more than ${maxSubschemas} subschemas`;
    if (depth > maxDepth) return `schema nests deeper than ${maxDepth} levels`;
    for (const [key, value] of Object.entries(node)) {
      const children: unknown[] = [];
      if (SUBSCHEMA_MAP_KEYWORDS.has(key) && typeof value === 'object' && value !== null) {
        children.push(...Object.values(value));
      } else if (SUBSCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
        children.push(...value);
      } else if (SUBSCHEMA_KEYWORDS.has(key)) {
        children.push(value);
      }
      for (const child of children) {
        const problem = walk(child, depth + 1);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  return walk(schema, 0);
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

/** Every `$ref` of the dereferenced schema that points outside it; those are never fetched (P-87). */
function unresolvedRefs(lookup: Record<string, unknown>): string[] {
  const missing: string[] = [];
  for (const node of Object.values(lookup)) {
    if (typeof node !== 'object' || node === null) continue;
    const { $ref, __absolute_ref__: absolute } = node as { $ref?: unknown; __absolute_ref__?: string };
    if (typeof $ref === 'string' && (absolute === undefined || lookup[absolute] === undefined))
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
 * `$dynamicRef` and `$recursiveRef`, which it cannot evaluate faithfully; a schema beyond `limits` (P-90).
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
  const tooCostly = costProblem(schema, limits.maxDepth ?? 32, limits.maxSubschemas ?? 1000);
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
  const compiled: CompiledJsonSchema = {
    dialect: dialect.dialect,
    validate(value) {
      try {
        const result = validate(value, copy, dialect.draft, lookup as never, true);
        if (result.valid) return { valid: true };
        return { valid: false, errors: result.errors.map((e) => `${e.instanceLocation}: ${e.error}`) };
      } catch (error) {
        return { valid: false, errors: [`schema could not be evaluated: ${(error as Error).message}`] };
      }
    },
  };
  return { ok: true, schema: compiled };
}
