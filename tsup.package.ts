import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

/**
 * The build every published @mcpkit package shares: ESM + CJS + .d.ts, tree-shaken, for ES2022.
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
    define: { __MCPKIT_VERSION__: JSON.stringify(version) },
    ...overrides,
  });
}
