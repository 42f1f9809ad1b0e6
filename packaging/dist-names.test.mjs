// Every class a package exports keeps its own name in the build, ESM and CJS: `error.constructor.name`,
// stack frames (`at new McpError`) and logs show `McpError`, not the `_McpError` esbuild gives a class
// whose body refers to itself when it bundles. (esbuild's `keepNames` would fix it too, but adds a
// `__name()` call per function that a user's bundler cannot drop: the browser client grew by half.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { publishedPackages } from './packages.mjs';

/** Each entry point of a package (`.`, `./node` …) with its ESM and CJS files. */
function entryFiles(dir) {
  const { exports = {} } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const files = [];
  for (const [entry, conditions] of Object.entries(exports)) {
    if (typeof conditions !== 'object') continue;
    for (const format of ['import', 'require']) {
      const target = conditions[format];
      const file = typeof target === 'string' ? target : target?.default;
      if (file) files.push({ entry, format, file: join(dir, file) });
    }
  }
  return files;
}

/**
 * Packages whose entries export functions only (@mcpkit/redis: createRedisCluster hands out the
 * stores): the check that it found classes does not apply.
 */
const WITHOUT_CLASSES = new Set([
  '@mcpkit/cli',
  '@mcpkit/otel',
  '@mcpkit/redis',
  '@mcpkit/transport-message-port',
]);

const isClass = (value) =>
  typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));

describe('built packages keep class names', () => {
  for (const { name, dir } of publishedPackages()) {
    const files = entryFiles(dir);
    const built = files.length > 0 && files.every(({ file }) => existsSync(file));
    it(`${name}: every exported class is named as it is exported`, { skip: !built }, async () => {
      const renamed = [];
      let classes = 0;
      for (const { entry, format, file } of files) {
        const module =
          format === 'import' ? await import(pathToFileURL(file).href) : createRequire(file)(file);
        for (const [exported, value] of Object.entries(module)) {
          if (!isClass(value)) continue;
          classes++;
          if (value.name !== exported)
            renamed.push(`${entry} (${format}): ${exported} is named ${value.name}`);
        }
      }
      assert.deepEqual(renamed, []);
      if (!WITHOUT_CLASSES.has(name)) assert.ok(classes > 0, `no exported classes found in ${name}`);
    });
  }

  it('new McpError(...).constructor.name is McpError, from ESM and CJS', async () => {
    const protocol = publishedPackages().find(({ name }) => name === '@mcpkit/protocol');
    for (const { entry, format, file } of entryFiles(protocol.dir).filter(({ entry }) => entry === '.')) {
      const { McpError } =
        format === 'import' ? await import(pathToFileURL(file).href) : createRequire(file)(file);
      const error = McpError.invalidParams('bad');
      assert.equal(error.constructor.name, 'McpError', `${entry} (${format})`);
      assert.equal(new McpError(-32603, 'x').constructor.name, 'McpError', `${entry} (${format})`);
      assert.match(error.stack, /^McpError: /);
      assert.doesNotMatch(error.stack, /_McpError/);
    }
  });
});
