import { arrayChecks } from './json-schema-array.js';
import { objectChecks } from './json-schema-object.js';
import type { SchemaRefs } from './json-schema-refs.js';
import {
  type Check,
  type Compiler,
  type Evaluated,
  fail,
  need,
  type Run,
  SchemaProblem,
} from './json-schema-run.js';
import { numberChecks, stringChecks } from './json-schema-scalar.js';
import { clipForMessage, isRecord, jsonEqual } from './json-schema-values.js';

const accept: Check = () => true;
const reject: Check = (_value, run) => fail(run, 'False boolean schema.');

/** Runs every check, so that each one reports its errors; valid when all are. */
function every(checks: Check[]): Check {
  if (checks.length === 0) return accept;
  if (checks.length === 1) return checks[0]!;
  return (value, run, evaluated) => {
    let valid = true;
    for (const check of checks) if (!check(value, run, evaluated)) valid = false;
    return valid;
  };
}

function addAll(from: Set<string | number>, to: Evaluated): void {
  if (to) for (const key of from) to.add(key);
}

/** The JSON type of `value`, as `type` names it (`integer` aside). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

function typeCheck(type: unknown): Check {
  const types = Array.isArray(type) ? type : [type];
  need(
    types.every((name) => typeof name === 'string'),
    'type',
    'a type name or a list of them',
  );
  const expected = `Expected "${types.join('", "')}".`;
  const integer = types.includes('integer');
  return (value, run) => {
    const actual = typeOf(value);
    if (types.includes(actual) || (integer && Number.isInteger(value))) return true;
    return fail(run, `Instance type "${actual}" is invalid. ${expected}`);
  };
}

/** `enum` (and `const`, an `enum` of one value); the message quotes the schema's values, clipped. */
function allowedValues(values: unknown, quoted: unknown, message: string): Check {
  need(Array.isArray(values), 'enum', 'an array');
  const allowed = values as unknown[];
  const primitives = new Set(allowed.filter((item) => typeof item !== 'object' || item === null));
  const composites = allowed.filter((item) => typeof item === 'object' && item !== null);
  const text = `${message} ${clipForMessage(JSON.stringify(quoted), 300)}.`;
  return (value, run) => {
    if (
      typeof value !== 'object' || value === null
        ? primitives.has(value)
        : composites.some((item) => jsonEqual(item, value))
    )
      return true;
    return fail(run, text);
  };
}

function subschemaList(schema: Record<string, unknown>, keyword: string, c: Compiler): Check[] {
  const list = schema[keyword];
  need(Array.isArray(list) && list.length > 0, keyword, 'a non-empty array of schemas');
  return (list as unknown[]).map((item) => c.sub(item));
}

/** `not`, `anyOf`, `allOf`, `oneOf`, `if`/`then`/`else`: subschemas applied to the value itself. */
function inPlaceChecks(schema: Record<string, unknown>, c: Compiler, checks: Check[]): void {
  if ('not' in schema) {
    const not = c.sub(schema.not);
    checks.push((value, run) => {
      const mark = run.errors.length;
      const matched = not(value, run, undefined);
      run.errors.length = mark;
      return !matched || fail(run, 'Instance matched "not" schema.');
    });
  }
  if ('anyOf' in schema) {
    const anyOf = subschemaList(schema, 'anyOf', c);
    checks.push((value, run, evaluated) => {
      const mark = run.errors.length;
      let matched = false;
      for (const check of anyOf) {
        // Only a branch that matches says what it evaluated; without a reader, one match is enough.
        const own = evaluated && new Set<string | number>();
        if (!check(value, run, own)) continue;
        matched = true;
        if (!own) break;
        addAll(own, evaluated);
      }
      if (!matched) return fail(run, 'Instance does not match any subschemas.', mark);
      run.errors.length = mark;
      return true;
    });
  }
  if ('allOf' in schema) {
    const allOf = every(subschemaList(schema, 'allOf', c));
    checks.push((value, run, evaluated) => {
      const mark = run.errors.length;
      return allOf(value, run, evaluated) || fail(run, 'Instance does not match every subschema.', mark);
    });
  }
  if ('oneOf' in schema) {
    const oneOf = subschemaList(schema, 'oneOf', c);
    checks.push((value, run, evaluated) => {
      const mark = run.errors.length;
      let matches = 0;
      let matched: Set<string | number> | undefined;
      for (const check of oneOf) {
        const own = evaluated && new Set<string | number>();
        if (check(value, run, own)) {
          matches++;
          matched = own;
        }
      }
      if (matches !== 1)
        return fail(run, `Instance does not match exactly one subschema (${matches} matches).`, mark);
      run.errors.length = mark;
      if (matched) addAll(matched, evaluated);
      return true;
    });
  }
  if ('if' in schema) {
    const condition = c.sub(schema.if);
    const then = 'then' in schema ? c.sub(schema.then) : undefined;
    const otherwise = 'else' in schema ? c.sub(schema.else) : undefined;
    checks.push((value, run, evaluated) => {
      const mark = run.errors.length;
      const own = evaluated && new Set<string | number>();
      const holds = condition(value, run, own);
      run.errors.length = mark;
      if (holds && own) addAll(own, evaluated);
      const branch = holds ? then : otherwise;
      return (
        !branch ||
        branch(value, run, evaluated) ||
        fail(run, `Instance does not match "${holds ? 'then' : 'else'}" schema.`, mark)
      );
    });
  }
}

/** A schema with `unevaluated*` reads what its own keywords evaluated, then reports it to its parent. */
function ownEvaluations(check: Check): Check {
  return (value, run, evaluated) => {
    if (typeof value !== 'object' || value === null) return check(value, run, undefined);
    const own = new Set<string | number>();
    const valid = check(value, run, own);
    addAll(own, evaluated);
    return valid;
  };
}

function refCheck(target: Check, budgeted: boolean): Check {
  return (value, run, evaluated) => {
    if (budgeted && --run.refsLeft < 0) {
      throw new Error(`validating this value takes more than ${run.refBudget} $ref expansions`); // P-90
    }
    const mark = run.errors.length;
    return target(value, run, evaluated) || fail(run, 'A subschema had errors.', mark);
  };
}

/** How to compile: the dialect's rules, the `$ref` targets and the limits. */
export interface CompileOptions {
  readonly refs: SchemaRefs;
  /** draft-07 and draft-04: a `$ref` makes its schema object ignore every other keyword. */
  readonly refIgnoresSiblings: boolean;
  readonly draft04: boolean;
  readonly containsEvaluates: boolean;
  readonly maxUniqueItems: number;
  /** The schema is recursive: each `$ref` followed spends one of `Run.refsLeft`. */
  readonly budgeted: boolean;
  pattern(source: string): { test(input: string): boolean };
}

/**
 * Compiles `root` into closures, each schema object once (a `$ref` cycle reuses the check being
 * built). Throws a `SchemaProblem` for a keyword whose value is not what the keyword needs.
 */
export function compileSchemaTree(root: unknown, options: CompileOptions): Check {
  const compiled = new Map<object, Check>();
  const compiler: Compiler = {
    sub,
    pattern: options.pattern,
    draft04: options.draft04,
    containsEvaluates: options.containsEvaluates,
    maxUniqueItems: options.maxUniqueItems,
  };
  function sub(schema: unknown): Check {
    if (schema === true) return accept;
    if (schema === false) return reject;
    if (!isRecord(schema)) throw new SchemaProblem('a subschema must be an object or a boolean');
    const known = compiled.get(schema as object);
    if (known) return known;
    let built: Check | undefined;
    compiled.set(schema, (value, run, evaluated) => built!(value, run, evaluated));
    built = build(schema);
    compiled.set(schema, built);
    return built;
  }
  function build(schema: Record<string, unknown>): Check {
    const checks: Check[] = [];
    if ('$ref' in schema) {
      checks.push(refCheck(sub(options.refs.targetOf(schema)), options.budgeted));
      if (options.refIgnoresSiblings) return checks[0]!;
    }
    if ('type' in schema) checks.push(typeCheck(schema.type));
    if ('const' in schema)
      checks.push(allowedValues([schema.const], schema.const, 'Instance does not match'));
    if ('enum' in schema)
      checks.push(allowedValues(schema.enum, schema.enum, 'Instance does not match any of'));
    inPlaceChecks(schema, compiler, checks);
    objectChecks(schema, compiler, checks);
    arrayChecks(schema, compiler, checks);
    numberChecks(schema, compiler, checks);
    stringChecks(schema, compiler, checks);
    const check = every(checks);
    return 'unevaluatedProperties' in schema || 'unevaluatedItems' in schema ? ownEvaluations(check) : check;
  }
  return sub(root);
}

/**
 * A function that runs a compiled schema on a value and returns its errors (none when it is valid).
 * Its state is reused from one value to the next: validation is synchronous and never re-entered.
 */
export function runner(check: Check): (value: unknown, refBudget: number) => string[] {
  const run: Run = { errors: [], path: [], refsLeft: 0, refBudget: 0 };
  return (value, refBudget) => {
    run.errors.length = 0;
    run.path.length = 0;
    run.refsLeft = run.refBudget = refBudget;
    check(value, run, undefined);
    return run.errors;
  };
}
