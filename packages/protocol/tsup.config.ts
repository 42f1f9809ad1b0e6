import { packageBuild } from '../../tsup.package.js';

// `json-schema` is an entry of its own so that a client can load it on demand (`loadJsonSchemaCompiler`
// in the client) without importing it: a client bundle then leaves the validator out of its first chunk.
// `schema-loader` (`loadSchemas`) is one too, so that a client bundle, which never loads the zod
// schemas, does not see its `import()` at all (see `src/schema-loader.ts`).
export default packageBuild({
  index: 'src/index.ts',
  internal: 'src/internal.ts',
  'json-schema': 'src/json-schema-entry.ts',
  'schema-loader': 'src/schema-loader.ts',
});
