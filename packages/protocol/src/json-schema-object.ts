import { type Check, type Compiler, checkAt, countOf, fail, need } from './json-schema-run.js';
import { isRecord } from './json-schema-values.js';

type JsonObject = Record<string, unknown>;

function names(list: unknown, keyword: string): string[] {
  need(
    Array.isArray(list) && list.every((name) => typeof name === 'string'),
    keyword,
    'an array of property names',
  );
  return list as string[];
}

function schemaMap(map: unknown, keyword: string): JsonObject {
  need(isRecord(map), keyword, 'an object');
  return map as JsonObject;
}

/** Checks for objects only: any other value passes them. */
function forObjects(
  check: (value: JsonObject, run: Parameters<Check>[1], evaluated: Parameters<Check>[2]) => boolean,
): Check {
  return (value, run, evaluated) => !isRecord(value) || check(value, run, evaluated);
}

/** `dependentRequired`, `dependentSchemas` and draft-07's `dependencies` (a list or a schema per name). */
function dependencyChecks(schema: JsonObject, c: Compiler, checks: Check[]): void {
  const rules: [string, string[] | Check][] = [];
  for (const keyword of ['dependentRequired', 'dependentSchemas', 'dependencies']) {
    if (!(keyword in schema)) continue;
    for (const [name, rule] of Object.entries(schemaMap(schema[keyword], keyword))) {
      const isList = keyword === 'dependentRequired' || (keyword === 'dependencies' && Array.isArray(rule));
      rules.push([name, isList ? names(rule, keyword) : c.sub(rule)]);
    }
  }
  if (rules.length === 0) return;
  checks.push(
    forObjects((value, run, evaluated) => {
      let valid = true;
      for (const [name, rule] of rules) {
        if (!Object.hasOwn(value, name)) continue;
        if (Array.isArray(rule)) {
          for (const other of rule) {
            if (!Object.hasOwn(value, other))
              valid = fail(run, `Instance has "${name}" but does not have "${other}".`);
          }
          continue;
        }
        const mark = run.errors.length;
        if (!rule(value, run, evaluated)) {
          valid = fail(run, `Instance has "${name}" but does not match dependant schema.`, mark);
        }
      }
      return valid;
    }),
  );
}

/**
 * `properties`, `patternProperties`, `additionalProperties` and `unevaluatedProperties` as one check:
 * each reads what the ones before it covered. The first property that fails ends the check.
 */
function propertyChecks(schema: JsonObject, c: Compiler, checks: Check[]): void {
  const properties = Object.entries(
    'properties' in schema ? schemaMap(schema.properties, 'properties') : {},
  ).map(([name, sub]): [string, Check] => [name, c.sub(sub)]);
  const patterns = Object.entries(
    'patternProperties' in schema ? schemaMap(schema.patternProperties, 'patternProperties') : {},
  ).map(([source, sub]) => ({ source, matcher: c.pattern(source), check: c.sub(sub) }));
  const additional = 'additionalProperties' in schema ? c.sub(schema.additionalProperties) : undefined;
  const unevaluated =
    !additional && 'unevaluatedProperties' in schema ? c.sub(schema.unevaluatedProperties) : undefined;
  if (properties.length + patterns.length === 0 && !additional && !unevaluated) return;
  const known = new Set(properties.map(([name]) => name));
  const perName = patterns.length > 0 || additional !== undefined;
  checks.push(
    forObjects((value, run, evaluated) => {
      for (const [name, check] of properties) {
        if (!Object.hasOwn(value, name)) continue;
        evaluated?.add(name);
        const mark = run.errors.length;
        if (!checkAt(check, value[name], name, run))
          return fail(run, `Property "${name}" does not match schema.`, mark);
      }
      let valid = true;
      if (perName)
        for (const name of Object.keys(value)) {
          let matched = known.has(name);
          for (const { source, matcher, check } of patterns) {
            if (!matcher.test(name)) continue;
            matched = true;
            evaluated?.add(name);
            const mark = run.errors.length;
            if (!checkAt(check, value[name], name, run)) {
              valid = fail(
                run,
                `Property "${name}" matches pattern "${source}" but does not match associated schema.`,
                mark,
              );
            }
          }
          if (matched || !valid) continue;
          if (additional) {
            evaluated?.add(name);
            const mark = run.errors.length;
            if (!checkAt(additional, value[name], name, run))
              valid = fail(run, `Property "${name}" does not match additional properties schema.`, mark);
          }
        }
      if (!valid || !unevaluated) return valid;
      for (const name of Object.keys(value)) {
        if (evaluated?.has(name)) continue;
        evaluated?.add(name);
        const mark = run.errors.length;
        if (!checkAt(unevaluated, value[name], name, run))
          valid = fail(run, `Property "${name}" does not match unevaluated properties schema.`, mark);
      }
      return valid;
    }),
  );
}

/** The keywords that apply to objects. */
export function objectChecks(schema: JsonObject, c: Compiler, checks: Check[]): void {
  if ('required' in schema) {
    const required = names(schema.required, 'required');
    checks.push(
      forObjects((value, run) => {
        let valid = true;
        for (const name of required) {
          if (!Object.hasOwn(value, name))
            valid = fail(run, `Instance does not have required property "${name}".`);
        }
        return valid;
      }),
    );
  }
  const min = countOf(schema, 'minProperties') ?? 0;
  const max = countOf(schema, 'maxProperties') ?? Infinity;
  if (min > 0 || max < Infinity) {
    checks.push(
      forObjects((value, run) => {
        const size = Object.keys(value).length;
        if (size < min) return fail(run, `Instance does not have at least ${min} properties.`);
        return size <= max || fail(run, `Instance has more than ${max} properties.`);
      }),
    );
  }
  if ('propertyNames' in schema) {
    const propertyNames = c.sub(schema.propertyNames);
    checks.push(
      forObjects((value, run) => {
        let valid = true;
        for (const name of Object.keys(value)) {
          const mark = run.errors.length;
          if (!checkAt(propertyNames, name, name, run)) {
            valid = fail(run, `Property name "${name}" does not match schema.`, mark);
          }
        }
        return valid;
      }),
    );
  }
  dependencyChecks(schema, c, checks);
  propertyChecks(schema, c, checks);
}
