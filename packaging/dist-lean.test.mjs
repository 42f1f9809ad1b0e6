// What the published JavaScript leaves out (docs/design/published-files.md): no source maps, whose
// `sourcesContent` was most of every install, and no comments or indentation, which V8 would keep in
// each module's source text for the life of the process. TSDoc stays in the declarations.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { filesOf, publishedPackages } from './packages.mjs';

const packages = publishedPackages();
/** The library packages: @mcpkit/cli is a program with its own build, which ships no maps either. */
const libraries = packages.filter(({ name }) => name !== '@mcpkit/cli');

/**
 * Where `text` still has a TSDoc comment or one of the `// src/<module>.ts` lines esbuild writes before
 * each module it bundles, as a short excerpt; undefined if nowhere. (Indentation is no sign: template
 * literals keep theirs, as the Lua scripts of @mcpkit/redis do.)
 */
function leftover(text) {
  const match = /\/\*\*\s|^\/\/ src\//m.exec(text);
  return match === null ? undefined : text.slice(match.index, match.index + 60);
}

describe('published JavaScript', () => {
  for (const { name, dir } of packages) {
    const dist = join(dir, 'dist');
    it(`${name}: ships no source maps`, { skip: !existsSync(dist) }, () => {
      assert.deepEqual(filesOf(dist, '.map'), [], `${dist} has source maps`);
      for (const file of [...filesOf(dist, '.js'), ...filesOf(dist, '.cjs')]) {
        const text = readFileSync(join(dist, file), 'utf8');
        assert.ok(!text.includes('//# sourceMappingURL='), `${file} points at a source map`);
      }
    });
  }

  for (const { name, dir } of libraries) {
    const dist = join(dir, 'dist');

    it(`${name}: its JavaScript has no comments`, { skip: !existsSync(dist) }, () => {
      const files = [...filesOf(dist, '.js'), ...filesOf(dist, '.cjs')];
      assert.ok(files.length > 0, `no .js or .cjs files in ${dist}: the check would see nothing`);
      const offending = {};
      for (const file of files) {
        const found = leftover(readFileSync(join(dist, file), 'utf8'));
        if (found !== undefined) offending[file] = found;
      }
      assert.deepEqual(offending, {}, `${name} ships comments`);
    });

    it(`${name}: its declarations keep their TSDoc`, { skip: !existsSync(dist) }, () => {
      const declarations = filesOf(dist, '.d.ts').map((file) => readFileSync(join(dist, file), 'utf8'));
      assert.ok(
        declarations.some((text) => text.includes('/**')),
        `no TSDoc in the declarations of ${name}`,
      );
    });
  }
});
