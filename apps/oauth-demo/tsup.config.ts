import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', server: 'src/server.ts' },
    format: ['esm'],
    dts: { entry: { index: 'src/index.ts' } },
    sourcemap: true,
    target: 'node20',
    platform: 'node',
  },
]);
