import { packageBuild } from '../../tsup.package.js';

// `json-schema` is an entry of its own so `internal` can load it on demand (`loadJsonSchemaCompiler`)
// without importing it: a client bundle then leaves the validator out of its first chunk.
// The validator it wraps is built in: loaded from node_modules as a package it costs a server's
// start nine more module files (about a sixth of its start-up CPU), and its format table, which
// `compileJsonSchema` changes, stays private to this package.
export default packageBuild(
  { index: 'src/index.ts', internal: 'src/internal.ts', 'json-schema': 'src/json-schema-entry.ts' },
  { noExternal: ['@cfworker/json-schema'] },
);
