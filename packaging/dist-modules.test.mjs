// Each source module of a package is emitted once per format. A module bundled into two entry files
// is a second copy of its classes and state: `instanceof` fails across entries (an error thrown by
// `@mcpkit/auth/node` is not an `OAuthClientError` of `@mcpkit/auth`), and the package ships it twice.
// The published files carry no comments to tell which modules they hold, so this reads the metafile
// the build writes beside dist (`dist-meta/js.json`, `dist-meta/cjs.json`: tsup.package.ts).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { filesOf, publishedPackages } from './packages.mjs';

const EXTENSIONS = ['.js', '.cjs'];

/** The source modules (`src/...`) of each output file of one format's metafile: module -> files. */
function modulesByFile(metafile) {
  const filesByModule = new Map();
  for (const [file, { inputs }] of Object.entries(metafile.outputs)) {
    for (const module of Object.keys(inputs).filter((input) => input.startsWith('src/'))) {
      filesByModule.set(module, [...(filesByModule.get(module) ?? []), file]);
    }
  }
  return filesByModule;
}

/** Library packages built with the shared build (@mcpkit/cli is a program with its own). */
const libraries = publishedPackages().filter(({ dir }) => existsSync(join(dir, 'dist-meta')));

describe('built packages', () => {
  it('the shared build wrote metafiles: the checks below see something', () => {
    assert.ok(libraries.length > 0, 'no package has a dist-meta/ directory: build the packages first');
  });
  for (const { name, dir } of libraries) {
    it(`${name}: every source module is emitted once per format`, () => {
      let modules = 0;
      for (const extension of EXTENSIONS) {
        const metafile = JSON.parse(
          readFileSync(join(dir, 'dist-meta', `${extension.slice(1)}.json`), 'utf8'),
        );
        const filesByModule = modulesByFile(metafile);
        modules += filesByModule.size;
        const repeated = [...filesByModule].filter(([, files]) => files.length > 1);
        assert.deepEqual(Object.fromEntries(repeated), {}, `modules in several ${extension} files`);
        // What a build restored from turbo's cache over another build's dist looks like: the old
        // chunks stay beside the new ones (and would be packed). `rm -rf dist` and build again.
        const built = new Set(Object.keys(metafile.outputs));
        const stale = filesOf(join(dir, 'dist'), extension).filter((file) => !built.has(`dist/${file}`));
        assert.deepEqual(
          stale,
          [],
          `${extension} files the last build did not write (remove dist and build)`,
        );
      }
      assert.ok(modules > 0, `no src/ modules in the metafiles of ${name}: the check would see nothing`);
    });
  }
});
