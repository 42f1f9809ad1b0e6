import { isRecord } from '@mcpkit/protocol/internal';
import type * as core from 'zod/v4/core';

type Primitive = 'string' | 'number' | 'boolean';

/** The fields of a zod object schema whose every field is a required string, number or boolean. */
export interface PrimitiveFields {
  readonly keys: readonly string[];
  readonly kinds: readonly Primitive[];
}

interface ZodDef {
  readonly type?: unknown;
  readonly checks?: readonly unknown[];
  readonly coerce?: unknown;
  readonly catchall?: unknown;
  readonly shape?: Record<string, { readonly _zod?: ZodInternals }>;
}

interface ZodInternals {
  readonly def?: ZodDef;
  readonly optin?: unknown;
}

function isPrimitive(type: unknown): type is Primitive {
  return type === 'string' || type === 'number' || type === 'boolean';
}

function unchecked(def: ZodDef): boolean {
  return (def.checks === undefined || def.checks.length === 0) && !def.coerce;
}

/**
 * The fields of `schema` when it is `z.object({ ... })` of required `z.string()`, `z.number()` and
 * `z.boolean()` with nothing else (no checks, coercion, catchall or symbol key), else `undefined`.
 * Such a schema accepts a value exactly when each field has its type (a finite number for
 * `number`), and gives a new object of those fields in the shape's order, the rest stripped.
 */
export function primitiveFields(schema: core.$ZodType): PrimitiveFields | undefined {
  const internals = (schema as unknown as { _zod?: ZodInternals })._zod;
  const def = internals?.def;
  if (def?.type !== 'object' || !unchecked(def) || def.catchall !== undefined) return undefined;
  const shape = def.shape;
  if (shape === undefined || Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const keys = Object.keys(shape);
  const kinds: Primitive[] = [];
  for (const key of keys) {
    const field = shape[key]?._zod;
    const type = field?.def?.type;
    if (key === '__proto__' || field?.optin !== undefined || !isPrimitive(type) || !unchecked(field!.def!))
      return undefined;
    kinds.push(type);
  }
  return { keys, kinds };
}

/**
 * What zod's parse gives for `value` when it accepts it: its fields copied in the shape's order.
 * `undefined` when a field does not have its type, or `value` is no object: zod then says why.
 */
export function readPrimitiveFields(
  fields: PrimitiveFields,
  value: unknown,
): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const { keys, kinds } = fields;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const field = value[key];
    const kind = kinds[i];
    if (kind === 'number' ? !Number.isFinite(field) : typeof field !== kind) return undefined;
    out[key] = field;
  }
  return out;
}
