import { loadedJsonSchemaCompiler, loadJsonSchemaCompiler } from './json-schema-loader.js';
import type { JsonSchemaSupply } from './json-schema-supply.js';

/**
 * Our JSON Schema validator (`@mcpkit/protocol/json-schema`), loaded with `import()` by the first
 * check that needs it: the supply of `@mcpkit/client` and `@mcpkit/client/modern`, which check by
 * default. A bundler puts the validator in a chunk of its own.
 */
export const bundledJsonSchema: JsonSchemaSupply = () =>
  loadedJsonSchemaCompiler() ?? loadJsonSchemaCompiler();
