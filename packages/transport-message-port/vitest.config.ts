import { defineConfig } from 'vitest/config';

// A real browser and a worker on a shared 2-core machine: generous limits, no timing assertions.
export default defineConfig({
  test: {
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
