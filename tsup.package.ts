import { defineConfig, type Options } from 'tsup';

/** The build every published @mcpkit package shares: ESM + CJS + .d.ts, tree-shaken, for ES2022. */
export function packageBuild(entry: Options['entry'] = ['src/index.ts']) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
  });
}
