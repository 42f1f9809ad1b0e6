import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    target: 'es2022',
    platform: 'node',
  },
  {
    // The runnable entry points are bundled with their dependencies into one minified file each:
    // parsing one module instead of every file of zod and the packages halves the time to the first
    // response. The source maps keep stack traces readable.
    entry: { http: 'src/http.ts', stdio: 'src/stdio.ts' },
    format: ['esm'],
    sourcemap: true,
    minify: true,
    target: 'node20',
    platform: 'node',
    noExternal: [/.*/],
  },
]);
