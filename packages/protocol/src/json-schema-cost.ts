import { isRecord } from './json-schema-values.js';

/** Keywords holding one subschema (`items` may also hold a list, in draft-07 and before). */
const SUBSCHEMA_KEYWORDS = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SUBSCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
/** Keywords holding a map of subschemas that validation evaluates (draft-07 `dependencies` included). */
const EVALUATED_MAP_KEYWORDS = new Set([
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
]);
/** Maps of subschemas that are evaluated only when a `$ref` reaches into them. */
const DEFINITION_KEYWORDS = new Set(['$defs', 'definitions']);

/** The subschemas of `node`, with `$defs` when `withDefinitions`. */
export function subschemas(node: Record<string, unknown>, withDefinitions: boolean): unknown[] {
  const children: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (EVALUATED_MAP_KEYWORDS.has(key) || (withDefinitions && DEFINITION_KEYWORDS.has(key))) {
      if (isRecord(value)) children.push(...Object.values(value));
    } else if (SUBSCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
      children.push(...value);
    } else if (SUBSCHEMA_KEYWORDS.has(key)) {
      children.push(value);
    }
  }
  return children;
}

/** Walks every subschema of the schema as written; returns why it is too costly, or `undefined`. */
export function sizeProblem(schema: unknown, maxDepth: number, maxSubschemas: number): string | undefined {
  let count = 0;
  const walk = (node: unknown, depth: number): string | undefined => {
    if (!isRecord(node)) return undefined;
    if (++count > maxSubschemas) return `schema has more than ${maxSubschemas} subschemas`;
    if (depth > maxDepth) return `schema nests deeper than ${maxDepth} levels`;
    for (const child of subschemas(node, true)) {
      const problem = walk(child, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  return walk(schema, 0);
}

/** What validating against a schema can reach, with every `$ref` replaced by its target. */
export interface Expansion {
  /** Subschemas in the expansion, capped at the limit plus one. A `$ref` back into itself counts once. */
  size: number;
  /** Whether some `$ref` leads back to a schema that contains it (validation then recurses with the value). */
  recursive: boolean;
}

/**
 * Expands `root` through its `$ref`s (`targetOf` a schema object with a `$ref`) and counts the
 * subschemas, stopping past `max`. Each schema is expanded once and its count reused, so a `$ref`
 * fan-out that doubles at each of 24 levels costs 24 steps here, not the 16 million validation would
 * take (P-90).
 */
export function expand(root: unknown, targetOf: (node: object) => unknown, max: number): Expansion {
  const sizes = new Map<Record<string, unknown>, number>();
  const expanding = new Set<Record<string, unknown>>();
  let recursive = false;
  const sizeOf = (node: unknown): number => {
    if (!isRecord(node)) return 1;
    const known = sizes.get(node);
    if (known !== undefined) return known;
    if (expanding.has(node)) {
      recursive = true;
      return 1;
    }
    expanding.add(node);
    let size = 1;
    for (const child of subschemas(node, false)) {
      size += sizeOf(child);
      if (size > max) break;
    }
    if (size <= max && '$ref' in node) size += sizeOf(targetOf(node));
    expanding.delete(node);
    size = Math.min(size, max + 1);
    sizes.set(node, size);
    return size;
  };
  const size = sizeOf(root);
  return { size, recursive };
}

/** How many JSON values `value` holds, itself included; an object met twice (or a cycle) counts once. */
export function countValues(value: unknown): number {
  let count = 0;
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    count++;
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    // One push per item: spreading a 200,000-item array into push() overflows the argument limit.
    for (const item of Array.isArray(next) ? next : Object.values(next)) pending.push(item);
  }
  return count;
}
