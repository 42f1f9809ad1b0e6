import { McpError } from './errors.js';
import { methodInfo } from './method-info.js';
import { applyResultDefaults, decodeResultWithoutSchemas, rejectedResult } from './read-result.js';

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

/** The checks a client makes of rarer messages: `client-schema-set.ts`, loaded on first need. */
export type ClientSchemaSet = ReturnType<typeof import('./client-schema-set.js').clientSchemaSet>;

let clientLoading: Promise<ClientSchemaSet> | undefined;

/**
 * Loads the client's checks once: the shape table generated from the protocol's schemas and its
 * interpreter, without zod, so a client needs none installed. A client that meets only the
 * results the hand-written checks accept (`decodeResultWithoutSchemas`) never calls this.
 */
export function loadClientSchemas(): Promise<ClientSchemaSet> {
  clientLoading ??= import('./client-schema-set.js').then(({ clientSchemaSet }) =>
    clientSchemaSet({
      McpError,
      methodInfo,
      applyResultDefaults,
      decodeResultWithoutSchemas,
      rejectedResult,
    }),
  );
  return clientLoading;
}
