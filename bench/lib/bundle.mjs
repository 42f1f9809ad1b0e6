// Bundles a server script with esbuild into one minified file, the way a stdio server that cares about
// start-up is deployed: one module to parse instead of one per file of every dependency.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Bundles `script` (a file URL) into a temporary directory; `dispose()` removes it. */
export async function bundleScript(script) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpkit-bench-bundle-'));
  const outfile = join(dir, 'server.mjs');
  await build({
    entryPoints: [fileURLToPath(script)],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    // CommonJS dependencies that require() Node built-ins need a require in ESM output.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  });
  return { url: new URL(`file://${outfile}`), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
