import { defineConfig } from 'vitest/config';

// Every test here talks to two real servers in a child process; on a loaded CI machine one OAuth
// round trip can take seconds, so the 5-second default would fail them for nothing.
export default defineConfig({
  test: { setupFiles: ['../../vitest.setup.ts'], testTimeout: 30_000, hookTimeout: 40_000 },
});
