import fc from 'fast-check';
import type { Shape } from '../../src/shape-check.js';

/*
 * Values that fit a node of a shape table, built from the table itself: the property test checks
 * them against zod, so a table that says less or more than its schema fails there.
 */

const MAX_DEPTH = 4;

function numberArbitrary(node: Shape): fc.Arbitrary<number> {
  const [, int, min, minInclusive, max, maxInclusive] = node as [string, boolean, ...unknown[]];
  const low = typeof min === 'number' ? min : -1e6;
  const high = typeof max === 'number' ? max : 1e6;
  if (int) {
    return fc.integer({ min: Math.ceil(minInclusive === false ? low + 1 : low), max: Math.floor(high) });
  }
  return fc.double({
    min: low,
    max: high,
    minExcluded: minInclusive === false,
    maxExcluded: maxInclusive === false,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** An arbitrary of values that fit node `index` of `table`. */
export function shapeArbitrary(table: readonly Shape[], index: number, depth = 0): fc.Arbitrary<unknown> {
  const node = table[index]!;
  const deep = depth >= MAX_DEPTH;
  const inner = (i: number) => shapeArbitrary(table, i, depth + 1);
  switch (node[0]) {
    case 'unknown':
      return fc.jsonValue({ maxDepth: 1 });
    case 'string':
      return fc.string({ maxLength: 4 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'number':
      return numberArbitrary(node);
    case 'literal':
    case 'enum':
      return fc.constantFrom(...node.slice(1));
    case 'optional':
      return deep ? fc.constant(undefined) : fc.option(inner(node[1] as number), { nil: undefined });
    case 'nullable':
      return deep ? fc.constant(null) : fc.option(inner(node[1] as number), { nil: null });
    case 'array':
      return deep ? fc.constant([]) : fc.array(inner(node[1] as number), { maxLength: 2 });
    case 'record':
      return deep
        ? fc.constant({})
        : fc.dictionary(fc.string({ maxLength: 3 }), inner(node[1] as number), { maxKeys: 2 });
    case 'object': {
      const fields = node[1] as readonly (string | number)[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (let i = 0; i < fields.length; i += 2) {
        const key = fields[i] as string;
        const child = table[fields[i + 1] as number]!;
        model[key] =
          child[0] === 'optional' && deep ? fc.constant(undefined) : inner(fields[i + 1] as number);
        if (child[0] !== 'optional' && child[0] !== 'unknown') required.push(key);
      }
      return fc.record(model, { requiredKeys: required });
    }
    case 'union':
      return fc.oneof(...node.slice(1).map((i) => inner(i as number)));
    case 'tagged': {
      const options = node[2] as readonly unknown[];
      const indices = new Set<number>();
      for (let i = 1; i < options.length; i += 2) indices.add(options[i] as number);
      return fc.oneof(...[...indices].map((i) => shapeArbitrary(table, i, depth)));
    }
    default:
      throw new Error(`no arbitrary for ${String(node[0])}`);
  }
}

type Key = string | number;

function positions(value: unknown, path: Key[] = [], out: Key[][] = []): Key[][] {
  out.push(path);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) positions(value[i], [...path, i], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) positions(item, [...path, key], out);
  }
  return out;
}

/** A copy of `value` with the position `pick` chooses replaced by `replacement`, or deleted. */
export function mutate(value: unknown, pick: number, replacement: unknown, remove: boolean): unknown {
  const all = positions(value);
  const path = all[pick % all.length]!;
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<Key, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<Key, unknown>;
  const last = path[path.length - 1]!;
  if (remove && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}
