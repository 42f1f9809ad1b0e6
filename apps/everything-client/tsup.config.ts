import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', conformance: 'src/conformance.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'node',
});
