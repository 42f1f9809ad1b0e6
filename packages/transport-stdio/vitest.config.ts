import { defineConfig } from 'vitest/config';

// Real child processes on a shared 2-core machine: generous limits, no timing assertions.
export default defineConfig({
  test: {
    setupFiles: ['../../vitest.setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
