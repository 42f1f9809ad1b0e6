import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * Writes esbuild's metafile of each format to `dist-meta/js.json` and `dist-meta/cjs.json`, beside dist and not published:
 * which source modules went into which output file. The published JavaScript has no comments left to
 * tell (`packaging/dist-modules.test.mjs` reads these instead).
 */
const recordModules: Plugin = {
  name: 'record-modules',
  setup(build) {
    build.initialOptions.metafile = true;
    build.onEnd(({ metafile }) => {
      if (metafile === undefined) return;
      mkdirSync('dist-meta', { recursive: true });
      const extension = build.initialOptions.outExtension?.['.js'] ?? '.js';
      writeFileSync(`dist-meta/${extension.slice(1)}.json`, JSON.stringify(metafile));
    });
  },
};

/**
 * The build every published @mcpkit package shares: ESM + CJS + .d.ts, tree-shaken, for ES2022.
 * Code is split into shared chunks in the CJS build too (ESM splits by default), so the entries of
 * a package share one copy of each module: one set of classes for `instanceof`, one module state,
 * and no module shipped twice (`packaging/dist-modules.test.mjs` checks it).
 * Published JavaScript carries no source maps and no comments or indentation (identifiers are kept, so
 * stack traces still name our functions and classes); TSDoc stays in the `.d.ts` files. Why, with the
 * numbers: docs/design/published-files.md.
 * `__MCPKIT_VERSION__` in the source becomes the package's version from its package.json.
 * `overrides` change single options of it.
 */
export function packageBuild(entry: Options['entry'] = ['src/index.ts'], overrides: Options = {}) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: false,
    minifyWhitespace: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    splitting: true,
    define: { __MCPKIT_VERSION__: JSON.stringify(version) },
    esbuildPlugins: [recordModules],
    ...overrides,
  });
}
