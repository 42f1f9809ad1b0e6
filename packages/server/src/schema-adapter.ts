import { compileJsonSchema } from '@mcpkit/protocol';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';

/** A JSON Schema object (2020-12 unless `$schema` says otherwise). */
export type JsonSchema = Record<string, unknown>;

/** A tool schema: a zod schema, or raw JSON Schema validated at run time. */
export type SchemaInput = core.$ZodType | JsonSchema;

/** The value type a schema accepts, as the handler receives it. */
export type SchemaOutput<S> = S extends core.$ZodType ? core.output<S> : Record<string, unknown>;

/** The value type a handler must produce for a schema. */
export type SchemaInputType<S> = S extends core.$ZodType ? core.input<S> : unknown;

export type Validation = { ok: true; value: unknown } | { ok: false; message: string };

/** A schema compiled once at registration: its JSON Schema for listings and a validator. */
export interface CompiledSchema {
  readonly jsonSchema: JsonSchema;
  validate(value: unknown): Validation;
}

const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Whether `schema` is a zod schema rather than raw JSON Schema. */
export function isZod(schema: unknown): schema is core.$ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

function describeIssue(issue: core.$ZodIssue | undefined): string {
  if (!issue) return 'invalid value';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Compiles `schema` for `io` ("input" for tool arguments, "output" for structured results).
 * Throws a `TypeError` naming `where` when the schema cannot be used: an unsupported dialect, a
 * `$ref` outside the schema, a zod type JSON Schema cannot express (P-83..P-89).
 */
export function compileSchema(schema: SchemaInput, io: 'input' | 'output', where: string): CompiledSchema {
  if (isZod(schema)) {
    let jsonSchema: JsonSchema;
    try {
      jsonSchema = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
    } catch (error) {
      throw new TypeError(`${where}: the zod schema has no JSON Schema form (${(error as Error).message})`);
    }
    // Without `$schema` a schema is 2020-12 (P-82): the key zod adds says nothing, and a listing
    // repeats it once per tool (about a sixth of a typical tools/list).
    if (jsonSchema.$schema === DIALECT_2020_12) delete jsonSchema.$schema;
    return {
      jsonSchema,
      validate(value) {
        const parsed = z.safeParse(schema, value);
        return parsed.success
          ? { ok: true, value: parsed.data }
          : { ok: false, message: describeIssue(parsed.error.issues[0]) };
      },
    };
  }
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) throw new TypeError(`${where}: ${compiled.reason}`);
  const validator = compiled.schema;
  return {
    jsonSchema: schema,
    validate(value) {
      const verdict = validator.validate(value);
      return verdict.valid
        ? { ok: true, value }
        : { ok: false, message: verdict.errors[0] ?? 'invalid value' };
    },
  };
}
