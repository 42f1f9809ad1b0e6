import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    setupFiles: ['../vitest.setup.ts'],
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/install-inspector.ts'],
    testTimeout: 60_000,
  },
});
