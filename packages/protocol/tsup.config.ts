import { packageBuild } from '../../tsup.package.js';

// `json-schema` is an entry of its own so `internal` can load it on demand (`loadJsonSchemaCompiler`)
// without importing it: a client bundle then leaves the validator out of its first chunk.
// `schema-loader` (`loadSchemas`) is one too, so that a client bundle, which never loads the zod
// schemas, does not see its `import()` at all (see `src/schema-loader.ts`).
// The validator it wraps is built in: loaded from node_modules as a package it costs a server's
// start nine more module files (about a sixth of its start-up CPU), and its format table, which
// `compileJsonSchema` changes, stays private to this package.
export default packageBuild(
  {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    'json-schema': 'src/json-schema-entry.ts',
    'schema-loader': 'src/schema-loader.ts',
  },
  { noExternal: ['@cfworker/json-schema'] },
);
