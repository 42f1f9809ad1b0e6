import { defineConfig } from 'vitest/config';

// The smoke tests start child processes and real servers: room for a busy 2-core machine.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
