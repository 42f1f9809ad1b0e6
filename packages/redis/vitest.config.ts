import { defineConfig } from 'vitest/config';

// vitest's default of 5 s a test is a speed limit in disguise: on a busy 2-core machine, real
// sockets, child processes, property runs and memory probes take several times their idle time.
// A test that hangs still fails.
export default defineConfig({
  test: {
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
