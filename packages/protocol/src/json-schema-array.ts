import {
  type Check,
  type Compiler,
  checkAt,
  countOf,
  type Evaluated,
  fail,
  type Run,
} from './json-schema-run.js';
import { jsonEqual } from './json-schema-values.js';

type Schema = Record<string, unknown>;

function forArrays(check: (value: unknown[], run: Run, evaluated: Evaluated) => boolean): Check {
  return (value, run, evaluated) => !Array.isArray(value) || check(value, run, evaluated);
}

/** Checks items `from` up to `to` with `checkOf(index)`, marking them evaluated; stops at the first that fails. */
function checkItems(
  value: unknown[],
  from: number,
  to: number,
  checkOf: (index: number) => Check,
  message: string,
  run: Run,
  evaluated: Evaluated,
): boolean {
  for (let index = from; index < to; index++) {
    evaluated?.add(index);
    const mark = run.errors.length;
    if (!checkAt(checkOf(index), value[index], index, run)) return fail(run, message, mark);
  }
  return true;
}

/**
 * `prefixItems`, `items` (a schema, or in draft-07 and 2019-09 a list) and `additionalItems` as one
 * check, each starting where the one before it stopped.
 */
function itemChecks(schema: Schema, c: Compiler, checks: Check[]): void {
  const list = (keyword: string): Check[] | undefined => {
    const items = schema[keyword];
    if (!Array.isArray(items)) return undefined;
    return items.map((item) => c.sub(item));
  };
  const prefix = list('prefixItems') ?? [];
  const tuple = list('items');
  const items = 'items' in schema && !tuple ? c.sub(schema.items) : undefined;
  // additionalItems follows a list of items; after one schema for all items it has none left to check.
  const additional = tuple && 'additionalItems' in schema ? c.sub(schema.additionalItems) : undefined;
  if (prefix.length === 0 && !tuple && !items) return;
  checks.push(
    forArrays((value, run, evaluated) => {
      const length = value.length;
      const message = 'Items did not match schema.';
      let at = Math.min(prefix.length, length);
      if (!checkItems(value, 0, at, (index) => prefix[index]!, message, run, evaluated)) return false;
      if (!tuple) return !items || checkItems(value, at, length, () => items, message, run, evaluated);
      const end = Math.min(tuple.length, length);
      if (!checkItems(value, at, end, (index) => tuple[index]!, message, run, evaluated)) return false;
      at = Math.max(at, end);
      const additionalMessage = 'Items did not match additional items schema.';
      return (
        !additional || checkItems(value, at, length, () => additional, additionalMessage, run, evaluated)
      );
    }),
  );
}

/** `unevaluatedItems`: the items no other keyword of the schema (or of its in-place subschemas) evaluated. */
function unevaluatedCheck(unevaluated: Check): Check {
  return forArrays((value, run, evaluated) => {
    const length = value.length;
    let valid = true;
    for (let index = 0; index < length; index++) {
      if (evaluated?.has(index)) continue;
      evaluated?.add(index);
      const mark = run.errors.length;
      if (!checkAt(unevaluated, value[index], index, run))
        valid = fail(run, 'Items did not match unevaluated items schema.', mark);
    }
    return valid;
  });
}

/** `contains` with `minContains` and `maxContains`. */
function containsCheck(schema: Schema, c: Compiler): Check {
  const contains = c.sub(schema.contains);
  const min = countOf(schema, 'minContains');
  const max = countOf(schema, 'maxContains');
  return forArrays((value, run, evaluated) => {
    const length = value.length;
    if (length === 0 && min === undefined)
      return fail(run, 'Array is empty. It must contain at least one item matching the schema.');
    if (min !== undefined && length < min)
      return fail(run, `Array has less items (${length}) than minContains (${min}).`);
    const mark = run.errors.length;
    let found = 0;
    for (let index = 0; index < length; index++) {
      if (!checkAt(contains, value[index], index, run)) continue;
      found++;
      if (c.containsEvaluates) evaluated?.add(index);
    }
    run.errors.length = mark;
    if (min === undefined && found === 0) return fail(run, 'Array does not contain item matching schema.');
    if (min !== undefined && found < min) {
      return fail(
        run,
        `Array must contain at least ${min} items matching schema. Only ${found} items were found.`,
      );
    }
    if (max !== undefined && found > max) {
      return fail(run, `Array may contain at most ${max} items matching schema. ${found} items were found.`);
    }
    return true;
  });
}

/**
 * `uniqueItems`, comparing items pairwise up to `maxItems` items: a longer array is invalid at once,
 * so a peer's value cannot make the comparison quadratic in its size (P-90).
 */
function uniqueCheck(maxItems: number): Check {
  return forArrays((value, run) => {
    const length = value.length;
    if (length > maxItems) return fail(run, `Array has too many items (${length} > ${maxItems}).`);
    for (let first = 0; first < length; first++) {
      const item = value[first];
      for (let second = first + 1; second < length; second++) {
        if (jsonEqual(item, value[second]))
          return fail(run, `Duplicate items at indexes ${first} and ${second}.`);
      }
    }
    return true;
  });
}

/** The keywords that apply to arrays. */
export function arrayChecks(schema: Schema, c: Compiler, checks: Check[]): void {
  const max = countOf(schema, 'maxItems');
  const min = countOf(schema, 'minItems');
  if (max !== undefined || min !== undefined) {
    checks.push(
      forArrays((value, run) => {
        const length = value.length;
        let valid = true;
        if (max !== undefined && length > max)
          valid = fail(run, `Array has too many items (${length} > ${max}).`);
        if (min !== undefined && length < min)
          valid = fail(run, `Array has too few items (${length} < ${min}).`);
        return valid;
      }),
    );
  }
  itemChecks(schema, c, checks);
  if ('contains' in schema) checks.push(containsCheck(schema, c));
  if ('unevaluatedItems' in schema) checks.push(unevaluatedCheck(c.sub(schema.unevaluatedItems)));
  if (schema.uniqueItems === true) checks.push(uniqueCheck(c.maxUniqueItems));
}
