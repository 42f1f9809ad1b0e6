// Each source module of a package is emitted once per format. A module bundled into two entry files
// is a second copy of its classes and state: `instanceof` fails across entries (an error thrown by
// `@mcpkit/auth/node` is not an `OAuthClientError` of `@mcpkit/auth`), and the package ships it twice.
// esbuild marks each module it bundles with a `// src/<path>.ts` comment, which is what this counts.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { filesOf, publishedPackages } from './packages.mjs';

const MODULE_MARKER = /^\/\/ (src\/\S+\.ts)$/gm;

/**
 * The source modules of the files of `dist` with `extension`, each with the files it is in.
 * A build whose files carry no marker has an empty map: the caller checks it found some.
 */
function modulesByFile(dist, extension) {
  const filesByModule = new Map();
  for (const file of filesOf(dist, extension)) {
    for (const [, module] of readFileSync(join(dist, file), 'utf8').matchAll(MODULE_MARKER)) {
      const files = filesByModule.get(module) ?? [];
      if (!files.includes(file)) files.push(file);
      filesByModule.set(module, files);
    }
  }
  return filesByModule;
}

describe('built packages', () => {
  for (const { name, dir } of publishedPackages()) {
    const dist = join(dir, 'dist');
    it(`${name}: every source module is emitted once per format`, { skip: !existsSync(dist) }, () => {
      let modules = 0;
      for (const extension of ['.js', '.cjs']) {
        const filesByModule = modulesByFile(dist, extension);
        modules += filesByModule.size;
        const repeated = [...filesByModule].filter(([, files]) => files.length > 1);
        // Also what a build restored from turbo's cache over another build's dist looks like: the
        // old chunks stay beside the new ones (and would be packed). `rm -rf dist` and build again.
        assert.deepEqual(
          Object.fromEntries(repeated),
          {},
          `modules in several ${extension} files (stale chunks of an earlier build? remove dist and build)`,
        );
      }
      assert.ok(modules > 0, `no "// src/…" module markers in ${dist}: the check would see nothing`);
    });
  }
});
