import type { compileJsonSchema } from '@mcpkit/protocol/json-schema';

/**
 * The JSON Schema validator's module (`@mcpkit/protocol/json-schema`), loaded on first need. Named by
 * what callers use rather than as `typeof import(...)`, which the declaration bundle turns into a
 * namespace whose type exports are declared as values (an error for every consumer's type check).
 */
export interface JsonSchemaModule {
  readonly compileJsonSchema: typeof compileJsonSchema;
}

let loading: Promise<JsonSchemaModule> | undefined;
let loaded: JsonSchemaModule | undefined;

/**
 * Loads the JSON Schema validator once. A client needs it only for a tool with an `outputSchema`
 * or a form with a `requestedSchema`, so a bundle can keep it (and its regex automata) out of the
 * code every page loads. The `import()` lives here, in the client, and not in the protocol's
 * `internal` that servers import too: a single-file bundle of a server, which imports the validator
 * at once, would otherwise wrap the validator's modules to run them lazily, and parse their
 * top-level code twice (docs/design/cold-start.md).
 */
export function loadJsonSchemaCompiler(): Promise<JsonSchemaModule> {
  loading ??= import('@mcpkit/protocol/json-schema').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The validator if `loadJsonSchemaCompiler` has finished, so a caller can stay synchronous once it has. */
export function loadedJsonSchemaCompiler(): JsonSchemaModule | undefined {
  return loaded;
}
