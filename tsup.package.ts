import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/**
 * The build every published @mcpkit package shares: ESM + CJS + .d.ts, tree-shaken, for ES2022.
 * Code is split into shared chunks in the CJS build too (ESM splits by default), so the entries of
 * a package share one copy of each module: one set of classes for `instanceof`, one module state,
 * and no module shipped twice (`packaging/dist-modules.test.mjs` checks it).
 * `__MCPKIT_VERSION__` in the source becomes the package's version from its package.json.
 * `overrides` change single options of it.
 */
export function packageBuild(entry: Options['entry'] = ['src/index.ts'], overrides: Options = {}) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    splitting: true,
    define: { __MCPKIT_VERSION__: JSON.stringify(version) },
    ...overrides,
  });
}
