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

/** The schemas a client checks rarer messages with: `client-schema-set.ts`, loaded on first need. */
export type ClientSchemaSet = typeof import('./client-schema-set.js');

let clientLoading: Promise<ClientSchemaSet> | undefined;

/**
 * Loads the client's schema set once: what `loadSchemas` loads, without the server's converter
 * for app schemas, so a client bundle that splits code fetches less. A client that meets only
 * the results the hand-written checks accept (`decodeResultWithoutSchemas`) never calls this.
 */
export function loadClientSchemas(): Promise<ClientSchemaSet> {
  clientLoading ??= import('./client-schema-set.js');
  return clientLoading;
}
