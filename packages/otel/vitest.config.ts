import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Real servers, clients and child processes on a shared 2-core machine: generous limits.
export default defineConfig({
  define: { __MCPKIT_VERSION__: JSON.stringify(version) },
  test: {
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
