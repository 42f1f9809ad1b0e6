import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  sourcemap: true,
  target: 'node20',
  platform: 'node',
});
