import { packageBuild } from '../../tsup.package.js';

// Code splitting in the CJS build too, so `index.cjs` and `internal.cjs` share one copy of each
// module (one set of schemas, one `McpError`) instead of each bundling its own.
// `json-schema` is an entry of its own so `internal` can load it on demand (`loadJsonSchemaCompiler`)
// without importing it: a client bundle then leaves the validator out of its first chunk.
export default packageBuild(
  { index: 'src/index.ts', internal: 'src/internal.ts', 'json-schema': 'src/json-schema-entry.ts' },
  { splitting: true },
);
