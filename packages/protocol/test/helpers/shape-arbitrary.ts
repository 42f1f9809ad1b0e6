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

/** An arbitrary of values that fit reference `ref` of `table` (`~index` for an optional node). */
export function shapeArbitrary(table: readonly Shape[], ref: number, depth = 0): fc.Arbitrary<unknown> {
  const deep = depth >= MAX_DEPTH;
  const inner = (i: number) => shapeArbitrary(table, i, depth + 1);
  if (ref < 0) return deep ? fc.constant(undefined) : fc.option(inner(~ref), { nil: undefined });
  const node = table[ref]!;
  switch (node[0]) {
    case '*':
      return fc.jsonValue({ maxDepth: 1 });
    case 's':
      return fc.string({ maxLength: 4 });
    case 'b':
      return fc.boolean();
    case 'z':
      return fc.constant(null);
    case 'n':
      return numberArbitrary(node);
    case 'l':
    case 'e':
      return fc.constantFrom(...node.slice(1));
    case '0':
      return deep ? fc.constant(null) : fc.option(inner(node[1] as number), { nil: null });
    case 'a':
      return deep ? fc.constant([]) : fc.array(inner(node[1] as number), { maxLength: 2 });
    case 'r':
      return deep
        ? fc.constant({})
        : fc.dictionary(fc.string({ maxLength: 3 }), inner(node[1] as number), { maxKeys: 2 });
    case 'o': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (let i = 1; i < node.length; i += 2) {
        const key = node[i] as string;
        const child = node[i + 1] as number;
        model[key] = child < 0 && deep ? fc.constant(undefined) : inner(child);
        if (child >= 0 && table[child]![0] !== '*') required.push(key);
      }
      return fc.record(model, { requiredKeys: required });
    }
    case 'u':
      return fc.oneof(...node.slice(1).map((i) => inner(i as number)));
    case 't': {
      const indices = new Set<number>();
      for (let i = 3; i < node.length; i += 2) indices.add(node[i] as number);
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
