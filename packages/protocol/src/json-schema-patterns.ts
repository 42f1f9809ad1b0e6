import { SchemaProblem } from './json-schema-run.js';
import { clipForMessage } from './json-schema-values.js';
import { compileLinearPattern, type LinearPattern } from './linear-regex.js';

/**
 * A compiler of a schema's `pattern` and `patternProperties` expressions to linear-time matchers,
 * each source compiled once: a peer's pattern such as `^((a+)+)+$`, which a backtracking engine
 * runs for years, is matched by an automaton. An expression only a backtracking engine can match
 * (a backreference, a lookaround, `\b`) or an invalid one is a `SchemaProblem`.
 */
export function linearPatterns(): (source: string) => LinearPattern {
  const matchers = new Map<string, LinearPattern>();
  return (source) => {
    let matcher = matchers.get(source);
    if (matcher) return matcher;
    const compiled = compileLinearPattern(source);
    if (typeof compiled === 'string') {
      throw new SchemaProblem(`pattern ${JSON.stringify(clipForMessage(source))} is refused: ${compiled}`);
    }
    matcher = compiled;
    matchers.set(source, matcher);
    return matcher;
  };
}
