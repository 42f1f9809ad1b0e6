import type * as z from 'zod/v4/mini';
import { matches } from './check.js';
import type { Decoded } from './decode.js';
import { McpError } from './errors.js';

/**
 * Checks `value` against a zod schema without copying it; on failure, a `-32602` error naming
 * the first failing path (prefixed with `label`).
 */
export function decodeWith<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  label = 'value',
): Decoded<z.infer<S>> {
  if (matches(schema, value)) return { ok: true, value: value as z.infer<S> };
  return { ok: false, error: McpError.invalidParams(describeFailure(schema, value, label)) };
}

/** A one-line description of why `value` does not match `schema`: the first failing path and what was wrong. */
export function describeFailure(schema: z.ZodMiniType, value: unknown, label: string): string {
  let parsed: ReturnType<typeof schema.safeParse>;
  try {
    parsed = schema.safeParse(value);
  } catch (error) {
    // Past the stack, or a value an older zod throws on rather than rejects (see `matches`).
    return error instanceof RangeError ? `Invalid ${label}: nested too deeply` : `Invalid ${label}`;
  }
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return `Invalid ${label}`;
  const path = issue.path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    label,
  );
  return `Invalid ${path}: ${issue.message}`;
}
