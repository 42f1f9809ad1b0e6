import { packageBuild } from '../../tsup.package.js';

// Code splitting in the CJS build too, so `index.cjs` and `modern.cjs` share one copy of each
// module (one set of error classes for `instanceof`) instead of each bundling its own.
export default packageBuild({ index: 'src/index.ts', modern: 'src/modern.ts' }, { splitting: true });
