/**
 * `@mcpkit/protocol/schema-loader`: the protocol's zod schemas (`schema-set.ts`), loaded on first need.
 * An entry of its own, not part of `@mcpkit/protocol/internal`, because bundlers (esbuild, Rollup)
 * make a chunk of every `import()` they see in a module they read, used or not: in `internal`, this
 * one gave every client bundle a zod chunk it never loads and cut the first chunk in two around the
 * modules that chunk shares with it.
 *
 * @internal
 * @packageDocumentation
 */
/** The schemas the packages check rarer messages with: `schema-set.ts`, loaded on first need. */
export type SchemaSet = typeof import('./schema-set.js');

let loading: Promise<SchemaSet> | undefined;
let loaded: SchemaSet | undefined;

/**
 * Loads the schema set once. The message path of a plain request (envelope, `_meta`, a tool call
 * with text results) never calls this, so a server that meets only such requests never loads zod.
 */
export function loadSchemas(): Promise<SchemaSet> {
  loading ??= import('./schema-set.js').then((set) => {
    loaded = set;
    return set;
  });
  return loading;
}

/** The schema set if `loadSchemas` has finished, so a caller can stay synchronous once it has. */
export function loadedSchemas(): SchemaSet | undefined {
  return loaded;
}
