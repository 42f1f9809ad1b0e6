import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

// vitest's default of 5 s a test is a speed limit in disguise: on a busy 2-core machine, real
// sockets, child processes, property runs and memory probes take several times their idle time.
// A test that hangs still fails. The version is defined as the build defines it.
export default defineConfig({
  define: { __MCPKIT_VERSION__: JSON.stringify(version) },
  test: {
    setupFiles: ['../../vitest.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
