import { packageBuild } from '../../tsup.package.js';

// Code splitting in the CJS build too, so the three entries share one copy of each module (one
// `OAuthClientError` for `instanceof`, one token store) instead of each bundling its own.
export default packageBuild(
  {
    index: 'src/index.ts',
    'server/index': 'src/server/index.ts',
    'node/index': 'src/node/index.ts',
  },
  { splitting: true },
);
