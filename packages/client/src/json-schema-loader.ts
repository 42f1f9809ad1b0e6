import type { JsonSchemaModule, JsonSchemaSupply } from './json-schema-supply.js';

let loading: Promise<JsonSchemaModule> | undefined;
let loaded: JsonSchemaModule | undefined;

/**
 * Loads the JSON Schema validator (`@mcpkit/protocol/json-schema`) once. A client needs it only for
 * a tool with an `outputSchema` or a form with a `requestedSchema`, so a bundle can keep it (and its
 * regex automata) out of the code every page loads. The `import()` lives here, in the client, and
 * not in the protocol's `internal` that servers import too: a single-file bundle of a server, which
 * imports the validator at once, would otherwise wrap the validator's modules to run them lazily,
 * and parse their top-level code twice (docs/design/cold-start.md).
 */
export function loadJsonSchemaCompiler(): Promise<JsonSchemaModule> {
  loading ??= import('@mcpkit/protocol/json-schema').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * Our validator as the supply of `@mcpkit/client` and `@mcpkit/client/modern`, which check by
 * default: loaded by the first check that needs it, and at hand, so that checks stay synchronous,
 * once it has. A bundler puts the validator in a chunk of its own.
 */
export const bundledJsonSchema: JsonSchemaSupply = () => loaded ?? loadJsonSchemaCompiler();
