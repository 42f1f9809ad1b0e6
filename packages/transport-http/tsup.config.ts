import { packageBuild } from '../../tsup.package.js';

const typed = { index: 'src/index.ts', modern: 'src/modern.ts', 'node/index': 'src/node/index.ts' };

// The browser builds have the same API as their entries and share their declarations. Code
// splitting in the CJS build too, so the five entries share one copy of each module (one set of
// classes for `instanceof`) instead of each bundling its own: a third of the package's size.
export default packageBuild(
  { ...typed, browser: 'src/browser.ts', 'modern-browser': 'src/modern-browser.ts' },
  { dts: { entry: typed }, splitting: true },
);
