/**
 * What one `validate()` call carries through the compiled closures: the errors found so far, the
 * path to the value being checked (kept as a stack, turned into a location only for an error) and,
 * for a recursive schema, how many more `$ref`s it may follow.
 */
export interface Run {
  readonly errors: string[];
  readonly path: (string | number)[];
  /** `$ref`s left before the value is refused as too costly; unused unless the schema is recursive. */
  refsLeft: number;
  /** What `refsLeft` started at, for the message that refuses the value. */
  refBudget: number;
}

/**
 * Keys of the object (names) or array (indexes) that the schema's keywords have evaluated so far,
 * for `unevaluatedProperties` and `unevaluatedItems`; `undefined` where no keyword reads them.
 */
export type Evaluated = Set<string | number> | undefined;

/** Why a schema cannot be compiled; `compileJsonSchema` turns it into its `reason`. */
export class SchemaProblem extends Error {}

/** Throws a `SchemaProblem` unless `valid`: the value of `keyword` must be `expected`. */
export function need(valid: boolean, keyword: string, expected: string): asserts valid {
  if (!valid) throw new SchemaProblem(`"${keyword}" must be ${expected}`);
}

/** `schema[keyword]` as a count (a number of at least 0), `undefined` when the schema has none. */
export function countOf(schema: Record<string, unknown>, keyword: string): number | undefined {
  const limit = schema[keyword];
  if (limit === undefined) return undefined;
  need(typeof limit === 'number' && limit >= 0, keyword, 'a number of at least 0');
  return limit as number;
}

/** What keyword compilers need of the compiler: subschemas, patterns, the dialect's rules, the limits. */
export interface Compiler {
  /** The check for a subschema of the schema being compiled (each schema object is compiled once). */
  sub(schema: unknown): Check;
  /** A linear-time matcher for a `pattern` or a `patternProperties` name. */
  pattern(source: string): { test(input: string): boolean };
  /** draft-04: `exclusiveMinimum` and `exclusiveMaximum` are booleans beside `minimum` and `maximum`. */
  readonly draft04: boolean;
  /** 2020-12: items that match `contains` count as evaluated for `unevaluatedItems`. */
  readonly containsEvaluates: boolean;
  /** Longest array `uniqueItems` compares; a longer one there is invalid. */
  readonly maxUniqueItems: number;
}

/** A compiled (sub)schema: whether `value` is valid, with the reasons appended to `run.errors`. */
export type Check = (value: unknown, run: Run, evaluated: Evaluated) => boolean;

/** A JSON Pointer token inside a URI fragment (`#/a~1b/c%20d`). */
function encodeToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  return encodeURI(token.replace(/~/g, '~0').replace(/\//g, '~1')).replace(/#/g, '%23');
}

/** Records `message` for the value at the top of `run.path`, at `index` of the errors (the end by default). */
export function fail(run: Run, message: string, index = run.errors.length): false {
  let location = '#';
  for (const token of run.path) location += `/${encodeToken(token)}`;
  run.errors.splice(index, 0, `${location}: ${message}`);
  return false;
}

/** Checks `value` against a child schema at `key` of the current location. */
export function checkAt(check: Check, value: unknown, key: string | number, run: Run): boolean {
  run.path.push(key);
  try {
    return check(value, run, undefined);
  } finally {
    run.path.pop();
  }
}
