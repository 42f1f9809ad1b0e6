import { packageBuild } from '../../tsup.package.js';

// `stripInternal`: the declarations leave out the core's constructor that takes the 2025 era
// (see `McpClientCore`), so that they name none of its parts.
export default packageBuild(
  { index: 'src/index.ts', modern: 'src/modern.ts', minimal: 'src/minimal.ts' },
  { dts: { compilerOptions: { stripInternal: true } } },
);
