import fc from 'fast-check';

/** Values a mutation puts in place of another: JSON, and a few values JSON cannot hold. */
export const leaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    undefined,
    null,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1.5,
    -1,
    2 ** 53,
    '',
    'complete',
    'object',
    'text',
    [],
    {},
    [undefined],
  ),
);

type Path = readonly (string | number)[];

/** Every path into `value` (objects and arrays), the root included. */
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) pathsOf(value[i], [...path, i], out);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) pathsOf(child, [...path, key], out);
  }
  return out;
}

function clone<T>(value: T): T {
  return value === undefined ? value : structuredClone(value);
}

type Mutation = { pick: number; kind: 'replace' | 'delete' | 'add'; key: string; value: unknown };

/** `value` with one change at the path `pick` selects: replaced, deleted, or given a new key or item. */
function mutate(value: unknown, { pick, kind, key, value: replacement }: Mutation): unknown {
  const paths = pathsOf(value);
  const path = paths[pick % paths.length]!;
  const root = clone(value);
  if (path.length === 0) return kind === 'replace' ? replacement : root;
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  const target = parent[last];
  if (kind === 'replace') parent[last] = replacement;
  else if (kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (Array.isArray(target)) target.push(replacement);
  else if (typeof target === 'object' && target !== null)
    (target as Record<string, unknown>)[key] = replacement;
  return root;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom('replace', 'delete', 'add'),
  key: fc.constantFrom('type', 'text', 'name', 'uri', '$schema', 'annotations', '_meta', 'x'),
  value: leaf,
});

/** One of `seeds`, changed in one to three places (or not at all). */
export function mutated(seeds: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(mutation, { maxLength: 3 }))
    .map(([seed, changes]) => changes.reduce<unknown>((value, change) => mutate(value, change), clone(seed)));
}
