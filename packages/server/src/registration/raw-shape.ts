import type * as core from 'zod/v4/core';
import {
  type CompiledSchema,
  compileSchema,
  isZod,
  type SchemaInput,
  type Validation,
} from './schema-adapter.js';
import { isStandardSchema, type JsonSchema, type StandardSchema } from './standard-schema.js';

/**
 * The fields of an object, each a zod or Standard Schema: `{ a: z.number(), b: z.string().optional() }`,
 * the official SDK's most common way to write a tool's arguments. It stands for `z.object(shape)`:
 * a field is optional when its schema accepts `undefined`, and keys outside the shape are dropped.
 */
export type RawShape = { readonly [key: string]: core.$ZodType | StandardSchema };

type FieldOutput<F> = F extends core.$ZodType
  ? core.output<F>
  : F extends StandardSchema<unknown, infer Output>
    ? Output
    : never;
type FieldInput<F> = F extends core.$ZodType
  ? core.input<F>
  : F extends StandardSchema<infer Input, unknown>
    ? Input
    : never;
type Flat<T> = { [K in keyof T]: T[K] };

/** The object a shape parses to: a key whose field accepts `undefined` is optional. */
export type ShapeOutput<S extends RawShape> = Flat<
  { [K in keyof S as undefined extends FieldOutput<S[K]> ? never : K]: FieldOutput<S[K]> } & {
    [K in keyof S as undefined extends FieldOutput<S[K]> ? K : never]?: FieldOutput<S[K]>;
  }
>;

/** The object a shape accepts. */
export type ShapeInput<S extends RawShape> = Flat<
  { [K in keyof S as undefined extends FieldInput<S[K]> ? never : K]: FieldInput<S[K]> } & {
    [K in keyof S as undefined extends FieldInput<S[K]> ? K : never]?: FieldInput<S[K]>;
  }
>;

function isSchema(value: unknown): boolean {
  return isZod(value) || isStandardSchema(value);
}

/** Whether `value` is a shape: a plain object of one or more fields, each a zod or Standard Schema. */
export function isRawShape(value: unknown): value is RawShape {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isSchema(value)) return false;
  const fields = Object.values(value);
  return fields.length > 0 && fields.every(isSchema);
}

/** Whether a field may be left out: zod says so of itself; another validator, by accepting `undefined`. */
function isOptionalField(field: core.$ZodType | StandardSchema, io: 'input' | 'output'): boolean {
  // zod marks a field a parse may leave out (`optional`, or `defaulted` on input).
  if (isZod(field)) return (io === 'input' ? field._zod.optin : field._zod.optout) !== undefined;
  const verdict = (field as StandardSchema)['~standard'].validate(undefined);
  return !(verdict instanceof Promise) && verdict.issues === undefined;
}

interface Field {
  readonly key: string;
  readonly schema: CompiledSchema;
}

/** One field's verdict, with its key in the message. */
function fieldVerdict(key: string, verdict: Validation): Validation {
  return verdict.ok ? verdict : { ok: false, message: `${key}: ${verdict.message}` };
}

/** The value the fields parsed to, or the first field's failure. */
function collect(
  value: Record<string, unknown>,
  fields: readonly Field[],
  verdicts: Validation[],
): Validation {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) {
    const verdict = verdicts[i]!;
    if (!verdict.ok) return verdict;
    const { key } = fields[i]!;
    if (verdict.value !== undefined || Object.hasOwn(value, key)) out[key] = verdict.value;
  }
  return { ok: true, value: out };
}

/**
 * Compiles a shape as `z.object(shape)` would be: its JSON Schema lists each field's, and a value
 * is checked field by field. Throws a `TypeError` naming `where` for a field that cannot be used.
 */
function compileShape(shape: RawShape, io: 'input' | 'output', where: string): CompiledSchema {
  const fields: Field[] = [];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const schema = compileSchema(field, io, `${where}.${key}`);
    if (schema.jsonSchema.$defs !== undefined || schema.jsonSchema.definitions !== undefined) {
      throw new TypeError(
        `${where}.${key}: a field with definitions of its own cannot sit in a shape; wrap the shape in z.object({ ... })`,
      );
    }
    fields.push({ key, schema });
    properties[key] = schema.jsonSchema;
    if (!isOptionalField(field, io)) required.push(key);
  }
  const jsonSchema: JsonSchema = { type: 'object', properties };
  if (required.length > 0) jsonSchema.required = required;
  return {
    jsonSchema,
    validate(value) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return { ok: false, message: 'expected an object' };
      }
      const record = value as Record<string, unknown>;
      const verdicts = fields.map(({ key, schema }) => {
        const verdict = schema.validate(record[key]);
        return verdict instanceof Promise
          ? verdict.then((v) => fieldVerdict(key, v))
          : fieldVerdict(key, verdict);
      });
      if (verdicts.some((verdict) => verdict instanceof Promise)) {
        return Promise.all(verdicts).then((settled) => collect(record, fields, settled));
      }
      return collect(record, fields, verdicts as Validation[]);
    },
  };
}

/** Compiles a tool's schema, written as a schema, a shape or raw JSON Schema. */
export function compileToolSchema(
  schema: SchemaInput,
  io: 'input' | 'output',
  where: string,
): CompiledSchema {
  return isRawShape(schema) ? compileShape(schema, io, where) : compileSchema(schema, io, where);
}
