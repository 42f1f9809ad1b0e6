import { defineConfig } from 'vitest/config';

// The cluster test starts Redis, HAProxy and three servers once, and its steps share them.
export default defineConfig({
  test: {
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
