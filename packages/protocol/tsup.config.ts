import { packageBuild } from '../../tsup.package.js';

// Code splitting in the CJS build too, so `index.cjs` and `internal.cjs` share one copy of each
// module (one set of schemas, one `McpError`) instead of each bundling its own.
export default packageBuild({ index: 'src/index.ts', internal: 'src/internal.ts' }, { splitting: true });
