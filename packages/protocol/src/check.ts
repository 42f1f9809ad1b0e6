import type * as z from 'zod/v4/mini';
import { isRecord } from './is-record.js';

/** Answers whether a value matches a schema, without copying or changing it. */
export type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  [key: string]: unknown;
}
type AnySchema = z.ZodMiniType | { _zod: { def: Def } };

const cache = new WeakMap<object, Check>();

/**
 * Compiles a zod schema into a fast predicate with the same verdict as `schema.safeParse(v).success`.
 *
 * zod's own parse copies every object it accepts; on the hot path we only need a yes/no answer, so
 * this walks the value in place. Unknown object keys are allowed and kept. Schema kinds this
 * compiler does not know fall back to zod itself, so the verdict stays right if zod grows.
 * Compilation happens on the first call, so module-level checks cost nothing at start-up.
 */
export function compileCheck(schema: AnySchema): Check {
  let compiled: Check | undefined;
  return (value) => {
    compiled ??= compileNow(schema);
    return withinStack(compiled, value);
  };
}

/** Whether `value` matches `schema`, compiling the check on first use. */
export function matches(schema: AnySchema, value: unknown): boolean {
  return withinStack(compileNow(schema), value);
}

/**
 * Runs `check` on `value`. Checks recurse as deep as the value nests; a value nested deeper than the
 * stack allows (a few kilobytes of `[[[[…` in a JSON body) does not match, instead of throwing. So
 * does a value the zod parse a check falls back to throws on: zod 3.25's bundled v4 reads
 * `value.constructor.prototype` and throws a `TypeError` for `{ "constructor": null }`.
 */
function withinStack(check: Check, value: unknown): boolean {
  try {
    return check(value);
  } catch {
    return false;
  }
}

/** The compiled check of `schema`, compiled now if it is not cached yet. */
function compileNow(schema: AnySchema): Check {
  const cached = cache.get(schema);
  if (cached) return cached;
  // Recursive schemas (lazy) reach this schema again while it is being compiled: point them at a
  // trampoline that calls the finished predicate.
  let compiled: Check | undefined;
  cache.set(schema, (value) => compiled!(value));
  compiled = build(schema);
  cache.set(schema, compiled);
  return compiled;
}

function defOf(schema: AnySchema): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

function build(schema: AnySchema): Check {
  const def = defOf(schema);
  const base = buildBase(schema, def);
  const refinements = customChecks(def);
  if (refinements.length === 0) return base;
  return (value) => base(value) && refinements.every((fn) => fn(value));
}

function buildBase(schema: AnySchema, def: Def): Check {
  switch (def.type) {
    case 'string':
      return withLengthChecks(
        (v) => typeof v === 'string',
        def,
        (v) => (v as string).length,
      );
    case 'number':
      return numberCheck(def);
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal': {
      const values = def.values as unknown[];
      if (values.length === 1) {
        const only = values[0];
        return (v) => v === only;
      }
      return (v) => values.includes(v);
    }
    case 'enum': {
      const allowed = new Set(Object.values(def.entries as Record<string, unknown>));
      return (v) => allowed.has(v);
    }
    case 'optional':
      return optionalCheck(def.innerType as AnySchema);
    case 'nullable': {
      const inner = compileNow(def.innerType as AnySchema);
      return (v) => v === null || inner(v);
    }
    case 'lazy':
      // Resolved now, so checking never pays for the indirection; a recursive schema meets its
      // own trampoline in the cache.
      return compileNow((schema as unknown as { _zod: { innerType: AnySchema } })._zod.innerType);
    case 'array': {
      const element = compileNow(def.element as AnySchema);
      const isArray: Check = (v) => {
        if (!Array.isArray(v)) return false;
        for (let i = 0; i < v.length; i++) if (!element(v[i])) return false;
        return true;
      };
      return withLengthChecks(isArray, def, (v) => (v as unknown[]).length);
    }
    case 'record':
      return recordCheck(def);
    case 'object':
      return objectCheck(def);
    case 'union':
      return def.discriminator ? discriminatedCheck(def) : unionCheck(def);
    default:
      return (v) => (schema as z.ZodMiniType).safeParse(v).success;
  }
}

function optionalCheck(inner: AnySchema): Check {
  const check = compileNow(inner);
  return (v) => v === undefined || check(v);
}

function objectCheck(def: Def): Check {
  const shape = def.shape as Record<string, AnySchema>;
  const keys = Object.keys(shape);
  const checks = keys.map((key) => compileNow(shape[key]!));
  // zod lets a key be absent when its schema says so (`optin`), an optional behind a lazy included.
  const required = keys.map((key) => (shape[key] as { _zod: { optin?: string } })._zod.optin !== 'optional');
  const count = keys.length;
  return (v) => {
    if (!isRecord(v)) return false;
    for (let i = 0; i < count; i++) {
      const value = v[keys[i]!];
      if (value === undefined) {
        if (required[i]) return false;
      } else if (!checks[i]!(value)) {
        return false;
      }
    }
    return true;
  };
}

function recordCheck(def: Def): Check {
  const valueCheck = compileNow(def.valueType as AnySchema);
  return (v) => {
    if (!isRecord(v)) return false;
    for (const key in v) {
      if (!valueCheck(v[key])) return false;
    }
    return true;
  };
}

function unionCheck(def: Def): Check {
  const options = (def.options as AnySchema[]).map(compileNow);
  return (v) => {
    for (const option of options) if (option(v)) return true;
    return false;
  };
}

function discriminatedCheck(def: Def): Check {
  const key = def.discriminator as string;
  const byTag = new Map<unknown, Check[]>();
  for (const option of def.options as AnySchema[]) {
    const tagSchema = (defOf(option).shape as Record<string, AnySchema>)[key]!;
    const tagDef = defOf(tagSchema);
    const tags =
      tagDef.type === 'literal'
        ? (tagDef.values as unknown[])
        : Object.values(tagDef.entries as Record<string, unknown>);
    for (const tag of tags) {
      const list = byTag.get(tag) ?? [];
      list.push(compileNow(option));
      byTag.set(tag, list);
    }
  }
  return (v) => {
    if (!isRecord(v)) return false;
    return byTag.get(v[key])?.some((check) => check(v)) ?? false;
  };
}

function numberCheck(def: Def): Check {
  const format = def.format as string | undefined;
  let base: Check;
  if (format === 'safeint' || format === 'int32' || format === 'uint32') {
    base = (v) => typeof v === 'number' && Number.isSafeInteger(v);
  } else {
    base = (v) => typeof v === 'number' && Number.isFinite(v);
  }
  const bounds: Check[] = [];
  for (const check of (def.checks as AnySchema[] | undefined) ?? []) {
    const c = defOf(check) as Def & { check?: string; value?: number; inclusive?: boolean };
    if (c.check === 'greater_than') {
      const { value, inclusive } = c as { value: number; inclusive: boolean };
      bounds.push(inclusive ? (v) => (v as number) >= value : (v) => (v as number) > value);
    } else if (c.check === 'less_than') {
      const { value, inclusive } = c as { value: number; inclusive: boolean };
      bounds.push(inclusive ? (v) => (v as number) <= value : (v) => (v as number) < value);
    }
  }
  if (bounds.length === 0) return base;
  return (v) => base(v) && bounds.every((bound) => bound(v));
}

function withLengthChecks(base: Check, def: Def, length: (v: unknown) => number): Check {
  const limits: Check[] = [];
  for (const check of (def.checks as AnySchema[] | undefined) ?? []) {
    const c = defOf(check) as Def & { check?: string; maximum?: number; minimum?: number };
    if (c.check === 'max_length') limits.push((v) => length(v) <= (c.maximum as number));
    if (c.check === 'min_length') limits.push((v) => length(v) >= (c.minimum as number));
  }
  if (limits.length === 0) return base;
  return (v) => base(v) && limits.every((limit) => limit(v));
}

function customChecks(def: Def): Array<(v: unknown) => boolean> {
  const out: Array<(v: unknown) => boolean> = [];
  for (const check of (def.checks as AnySchema[] | undefined) ?? []) {
    const c = defOf(check) as Def & { check?: string; fn?: (v: unknown) => unknown };
    if (c.check === 'custom' && typeof c.fn === 'function') {
      const fn = c.fn;
      out.push((v) => fn(v) === true);
    }
  }
  return out;
}
