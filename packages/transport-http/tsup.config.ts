import { packageBuild } from '../../tsup.package.js';

const typed = { index: 'src/index.ts', modern: 'src/modern.ts', 'node/index': 'src/node/index.ts' };

// The browser builds have the same API as their entries and share their declarations.
export default packageBuild(
  { ...typed, browser: 'src/browser.ts', 'modern-browser': 'src/modern-browser.ts' },
  { dts: { entry: typed } },
);
