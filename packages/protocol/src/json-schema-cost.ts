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
function subschemas(node: Record<string, unknown>, withDefinitions: boolean): unknown[] {
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

/** What validating against a dereferenced schema can reach, with every `$ref` replaced by its target. */
export interface Expansion {
  /** Subschemas in the expansion, capped at the limit plus one. A `$ref` back into itself counts once. */
  size: number;
  /** Whether some `$ref` leads back to a schema that contains it (validation then recurses with the value). */
  recursive: boolean;
  /** Every schema object validation can evaluate. */
  reachable: Set<Record<string, unknown>>;
}

/**
 * Expands `root` through its `$ref`s (resolved in `lookup`) and counts the subschemas, stopping past
 * `max`. Each schema is expanded once and its count reused, so a `$ref` fan-out that doubles at each
 * of 24 levels costs 24 steps here, not the 16 million validation would take (P-90).
 */
export function expand(root: unknown, lookup: Record<string, unknown>, max: number): Expansion {
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
    const target = (node as { __absolute_ref__?: string }).__absolute_ref__;
    if (size <= max && typeof node.$ref === 'string' && target !== undefined) size += sizeOf(lookup[target]);
    expanding.delete(node);
    size = Math.min(size, max + 1);
    sizes.set(node, size);
    return size;
  };
  const size = sizeOf(root);
  return { size, recursive, reachable: new Set(sizes.keys()) };
}

/**
 * Bounds the pairwise comparison behind `uniqueItems` (quadratic in the validator: 20,000 small
 * objects took 19 s): each `uniqueItems` becomes `if: { maxItems }, then: { uniqueItems: true },
 * else: { maxItems }`, so an array longer than `maxItems` where it applies fails with "too many items"
 * before any comparison. Rewrites `reachable` in place (the compiler's private copy).
 */
export function capUniqueItems(reachable: Iterable<Record<string, unknown>>, maxItems: number): void {
  for (const node of reachable) {
    if (!node.uniqueItems) continue;
    // A non-array allOf makes the validator throw before it reaches uniqueItems: nothing to bound.
    if (node.allOf !== undefined && !Array.isArray(node.allOf)) continue;
    // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword
    const capped = { if: { maxItems }, then: { uniqueItems: true }, else: { maxItems } };
    delete node.uniqueItems;
    node.allOf = [...((node.allOf as unknown[] | undefined) ?? []), capped];
  }
}

/** How many JSON values `value` holds, itself included; an object met twice (or a cycle) counts once. */
function countValues(value: unknown): number {
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

/**
 * A `$ref` lookup for a recursive schema that counts what validation resolves through it and
 * throws past a budget set per value: the expansion's size for each JSON value validated. A
 * recursion that follows the value costs at most that; one that fans out at every level of the
 * value (`properties: { x: { allOf: [{ $ref: '#' }, { $ref: '#' }] } }`) costs 2^depth and is stopped.
 */
export function budgetedLookup(
  lookup: Record<string, unknown>,
  perValue: number,
): { lookup: Record<string, unknown>; start(value: unknown): void } {
  let remaining = 0;
  let budget = 0;
  const counted = new Proxy(lookup, {
    get(target, key) {
      if (--remaining < 0) {
        throw new Error(`validating this value takes more than ${budget} $ref expansions`); // P-90
      }
      return target[key as string];
    },
  });
  return {
    lookup: counted,
    start(value) {
      budget = countValues(value) * perValue;
      remaining = budget;
    },
  };
}
