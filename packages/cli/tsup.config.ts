import { cpSync, readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

// A program, not a library: one ESM file with a shebang, its dependencies left to node_modules. No
// source map, as in the libraries (docs/design/published-files.md).
export default defineConfig({
  entry: { mcpkit: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  clean: true,
  banner: { js: '#!/usr/bin/env node' },
  define: { __MCPKIT_VERSION__: JSON.stringify(version) },
  // An optional native dependency, loaded at run time when installed (see src/auth/keychain.ts).
  external: ['@napi-rs/keyring'],
  // The inspector's page ships as it is written: small ES modules, no framework (docs/design/inspector.md).
  onSuccess: async () => {
    cpSync('page', 'dist/inspector', { recursive: true });
  },
});
