import { format } from '@cfworker/json-schema';
import { clipForMessage, isRecord } from './json-schema-values.js';
import { compileLinearPattern, type LinearPattern } from './linear-regex.js';
import { isUrl } from './url-format.js';

const NativeRegExp = RegExp;

/**
 * The validator reads `pattern` and `patternProperties` with `new RegExp(source, 'u')` on every
 * value, on the global `RegExp`: a backtracking engine, in which a peer's pattern such as
 * `^((a+)+)+$` runs for years. While a schema with patterns validates (synchronously, so nothing
 * else runs meanwhile), the global `RegExp` is this function, which returns the schema's linear
 * matcher for each of its patterns and a built-in `RegExp` for anything else.
 */
type PatternConstructor = (source: unknown, flags?: string) => LinearPattern | RegExp;

/** The patterns of a schema, compiled to linear-time matchers, or why one cannot be. */
export function compilePatterns(
  lookup: Record<string, unknown>,
): { patterns: PatternConstructor | undefined } | { reason: string } {
  const matchers = new Map<string, LinearPattern>();
  for (const node of Object.values(lookup)) {
    if (!isRecord(node)) continue;
    const sources = isRecord(node.patternProperties) ? Object.keys(node.patternProperties) : [];
    if (typeof node.pattern === 'string') sources.push(node.pattern);
    for (const source of sources) {
      if (matchers.has(source)) continue;
      const compiled = compileLinearPattern(source);
      if (typeof compiled === 'string') {
        return { reason: `pattern ${JSON.stringify(clipForMessage(source))} is refused: ${compiled}` };
      }
      matchers.set(source, compiled);
    }
  }
  if (matchers.size === 0) return { patterns: undefined };
  // A `function`, not an arrow: the validator calls it with `new`, which then yields the object returned.
  const patterns = function linearRegExp(source: unknown, flags?: string) {
    return (typeof source === 'string' && matchers.get(source)) || new NativeRegExp(source as string, flags);
  };
  return { patterns };
}

/** Runs `validate` with the schema's linear matchers standing in for `RegExp`. */
export function withLinearPatterns<T>(patterns: PatternConstructor, validate: () => T): T {
  const global = globalThis as { RegExp: unknown };
  global.RegExp = patterns;
  try {
    return validate();
  } finally {
    global.RegExp = NativeRegExp;
  }
}

let formatsReplaced = false;

/**
 * Replaces the validator's formats whose checks take exponential time with linear ones that
 * accept the same strings. Only `url` needs it: its check nests repetitions (`(?:[a-z0-9]+-?)*`),
 * and 37 characters took seconds. The table is the validator's own; the build includes the
 * validator, so other users of it in the process keep theirs.
 */
export function useLinearFormats(): void {
  if (formatsReplaced) return;
  formatsReplaced = true;
  format.url = isUrl;
}
