import { clipForMessage } from '@mcpkit/protocol/internal';
import { compileJsonSchema } from '@mcpkit/protocol/json-schema';
import { loadedSchemas } from '@mcpkit/protocol/schema-loader';
import type * as core from 'zod/v4/core';
import { primitiveFields, readPrimitiveFields } from './primitive-object.js';
import {
  isStandardSchema,
  type JsonSchema,
  type StandardIssue,
  type StandardResult,
  type StandardSchema,
} from './standard-schema.js';

export type { JsonSchema } from './standard-schema.js';

/**
 * A tool schema: a zod 4 schema (`zod`, `zod/v4` or `zod/mini`, also as bundled in zod 3.25), any
 * Standard Schema validator (valibot, ArkType, ...) that can give its JSON Schema, or raw JSON
 * Schema validated at run time. A zod 3 schema goes through `fromZod3` from `@mcpkit/server/zod3`.
 */
export type SchemaInput = core.$ZodType | StandardSchema | JsonSchema;

/** The value type a schema accepts, as the handler receives it. */
export type SchemaOutput<S> = S extends core.$ZodType
  ? core.output<S>
  : S extends StandardSchema<unknown, infer Output>
    ? Output
    : Record<string, unknown>;

/** The value type a handler must produce for a schema. */
export type SchemaInputType<S> = S extends core.$ZodType
  ? core.input<S>
  : S extends StandardSchema<infer Input, unknown>
    ? Input
    : unknown;

export type Validation = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * A schema compiled once at registration: its JSON Schema for listings and a validator. Only a
 * Standard Schema validator may answer asynchronously.
 */
export interface CompiledSchema {
  readonly jsonSchema: JsonSchema;
  validate(value: unknown): Validation | Promise<Validation>;
}

/** A compiled zod or JSON Schema, whose validator always answers at once. */
export interface SyncCompiledSchema extends CompiledSchema {
  validate(value: unknown): Validation;
}

const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** Whether `schema` is a zod schema rather than raw JSON Schema. */
export function isZod(schema: unknown): schema is core.$ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** How long a validation message may grow: a few errors, never the whole of a huge verdict. */
const MESSAGE_LENGTH = 300;

/** `parts` joined with "; ", stopping once the text is long enough, clipped. */
function joinClipped(parts: Iterable<string>, fallback: string): string {
  let text = '';
  for (const part of parts) {
    text = text === '' ? part : `${text}; ${part}`;
    if (text.length > MESSAGE_LENGTH) break;
  }
  return text === '' ? fallback : clipForMessage(text, MESSAGE_LENGTH);
}

function* zodIssues(issues: readonly core.$ZodIssue[]): Iterable<string> {
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    yield path ? `${path}: ${issue.message}` : issue.message;
  }
}

/**
 * The specific errors of a JSON Schema verdict (`"<instance location>: <error>"`). The validator
 * lists an error such as `#: Property "n" does not match schema.` right before the errors below
 * it that say what is wrong, so an error followed by one deeper down is left out.
 */
function* specificErrors(errors: readonly string[]): Iterable<string> {
  const seen = new Set<string>();
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i]!;
    const location = error.slice(0, Math.max(error.indexOf(': '), 0));
    if (errors[i + 1]?.startsWith(`${location}/`) || seen.has(error)) continue;
    seen.add(error);
    yield error;
  }
}

/** One message for a JSON Schema verdict's errors: the most specific ones, joined and clipped. */
export function describeSchemaErrors(errors: readonly string[]): string {
  return joinClipped(specificErrors(errors), 'invalid value');
}

/**
 * Compiles `schema` for `io` ("input" for tool arguments, "output" for structured results).
 * Throws a `TypeError` naming `where` when the schema cannot be used: an unsupported dialect, a
 * `$ref` outside the schema, a zod type JSON Schema cannot express (P-83..P-89), a Standard
 * Schema without a JSON Schema.
 */
export function compileSchema(schema: SchemaInput, io: 'input' | 'output', where: string): CompiledSchema {
  if (isZod(schema)) return compileZodSchema(schema, io, where);
  if (isStandardSchema(schema)) return compileStandardSchema(schema, io, where);
  return compileRawJsonSchema(schema, where);
}

/**
 * Thrown while compiling a zod schema without `toJSONSchema` and `safeParse` methods of its own
 * (zod/mini; older zod) before the protocol's zod is loaded: the registration waits for
 * `loadSchemas()` and compiles again (see `register` in server.ts).
 */
export class SchemasNeeded extends Error {}

type ZodSafeParse = (value: unknown) => ReturnType<typeof import('zod/v4/mini').safeParse>;
type ZodToJsonSchema = (params: { io: 'input' | 'output'; target: 'draft-2020-12' }) => unknown;

/**
 * zod's JSON Schema of `schema` and its parse. A schema of today's zod has both as methods, so a
 * server needs no zod of its own to list and check it; zod/mini and older zod get the protocol's.
 */
function zodFunctions(schema: core.$ZodType): { toJsonSchema: ZodToJsonSchema; safeParse: ZodSafeParse } {
  const own = schema as unknown as { toJSONSchema?: ZodToJsonSchema; safeParse?: ZodSafeParse };
  if (typeof own.toJSONSchema === 'function' && typeof own.safeParse === 'function') {
    return {
      toJsonSchema: (params) => own.toJSONSchema!(params),
      safeParse: (value) => own.safeParse!(value),
    };
  }
  const schemas = loadedSchemas();
  if (schemas === undefined) throw new SchemasNeeded();
  return {
    toJsonSchema: (params) => schemas.toJSONSchema(schema, params),
    safeParse: (value) => schemas.safeParse(schema, value),
  };
}

/** Compiles a zod 4 schema (see {@link compileSchema}). */
export function compileZodSchema(
  schema: core.$ZodType,
  io: 'input' | 'output',
  where: string,
): SyncCompiledSchema {
  const { toJsonSchema, safeParse } = zodFunctions(schema);
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = toJsonSchema({ io, target: 'draft-2020-12' }) as JsonSchema;
  } catch (error) {
    throw new TypeError(`${where}: the zod schema has no JSON Schema form (${(error as Error).message})`);
  }
  omitDefaultDialect(jsonSchema);
  // An object of plain strings, numbers and booleans that zod would accept is read without it;
  // anything else, and every refusal with its message, is zod's.
  const fields = primitiveFields(schema);
  return {
    jsonSchema,
    validate(value) {
      if (fields !== undefined) {
        const read = readPrimitiveFields(fields, value);
        if (read !== undefined) return { ok: true, value: read };
      }
      let parsed: ReturnType<ZodSafeParse>;
      try {
        parsed = safeParse(value);
      } catch (error) {
        // A recursive schema follows the value down; past the stack, that is the value's doing.
        if (error instanceof RangeError) return { ok: false, message: 'the value nests too deeply to check' };
        throw error;
      }
      return parsed.success
        ? { ok: true, value: parsed.data }
        : { ok: false, message: joinClipped(zodIssues(parsed.error.issues), 'invalid value') };
    },
  };
}

/**
 * Without `$schema` a schema is 2020-12 (P-82): the key a converter adds says nothing, and a
 * listing repeats it once per tool (about a sixth of a typical tools/list).
 */
function omitDefaultDialect(jsonSchema: JsonSchema): void {
  if (jsonSchema.$schema === DIALECT_2020_12) delete jsonSchema.$schema;
}

function compileRawJsonSchema(schema: JsonSchema, where: string): SyncCompiledSchema {
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) throw new TypeError(`${where}: ${compiled.reason}`);
  const validator = compiled.schema;
  return {
    jsonSchema: schema,
    validate(value) {
      const verdict = validator.validate(value);
      return verdict.valid
        ? { ok: true, value }
        : { ok: false, message: describeSchemaErrors(verdict.errors) };
    },
  };
}

/** The JSON Schema a Standard Schema gives of itself, or a `TypeError` saying how to give one. */
function standardJsonSchema(schema: StandardSchema, io: 'input' | 'output', where: string): JsonSchema {
  const standard = schema['~standard'];
  if (standard.jsonSchema === undefined) {
    const hint =
      standard.vendor === 'zod'
        ? "a zod 3 schema: wrap it with fromZod3 from '@mcpkit/server/zod3', or write it with zod/v4"
        : `a ${standard.vendor} schema without a JSON Schema: give one with withJsonSchema(schema, jsonSchema)`;
    throw new TypeError(`${where}: ${hint}`);
  }
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = standard.jsonSchema[io]({ target: 'draft-2020-12' });
  } catch (error) {
    throw new TypeError(
      `${where}: the ${standard.vendor} schema has no JSON Schema form (${(error as Error).message})`,
    );
  }
  omitDefaultDialect(jsonSchema);
  // The same rules as raw JSON Schema: a dialect we know, no `$ref` out of the schema (P-83, P-89).
  const compiled = compileJsonSchema(jsonSchema);
  if (!compiled.ok) throw new TypeError(`${where}: ${compiled.reason}`);
  return jsonSchema;
}

function compileStandardSchema(
  schema: StandardSchema,
  io: 'input' | 'output',
  where: string,
): CompiledSchema {
  const jsonSchema = standardJsonSchema(schema, io, where);
  const standard = schema['~standard'];
  return {
    jsonSchema,
    validate(value) {
      let result: StandardResult<unknown> | Promise<StandardResult<unknown>>;
      try {
        result = standard.validate(value);
      } catch (error) {
        if (error instanceof RangeError) return { ok: false, message: 'the value nests too deeply to check' };
        throw error;
      }
      return result instanceof Promise ? result.then(standardValidation) : standardValidation(result);
    },
  };
}

function standardValidation(result: StandardResult<unknown>): Validation {
  return result.issues === undefined
    ? { ok: true, value: result.value }
    : { ok: false, message: joinClipped(standardIssues(result.issues), 'invalid value') };
}

function* standardIssues(issues: readonly StandardIssue[]): Iterable<string> {
  for (const issue of issues) {
    const path = (issue.path ?? [])
      .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
      .join('.');
    yield path ? `${path}: ${issue.message}` : issue.message;
  }
}
