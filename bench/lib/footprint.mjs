// Measuring what a user installs and ships: a fresh `npm install` into a temporary directory, and an esbuild
// bundle of a minimal client, minified and gzipped.
import { execFile } from 'node:child_process';
import { lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const run = promisify(execFile);

/** Installs `specs` (names@versions or tarball paths) into a fresh directory: bytes on disk and package count. */
export async function measureInstall(specs) {
  if (specs.length === 0) return { bytes: 0, packages: 0 };
  const dir = await mkdtemp(join(tmpdir(), 'mcpkit-bench-install-'));
  try {
    await writeFile(join(dir, 'package.json'), '{ "name": "footprint", "private": true }\n');
    const flags = [
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--omit=dev',
      '--no-package-lock',
      '--loglevel=error',
    ];
    await run('npm', ['install', ...flags, ...specs], { cwd: dir, timeout: 300_000 });
    return await measureNodeModules(join(dir, 'node_modules'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Apparent size of every file under `node_modules` and the number of packages in it (nested ones too). */
export async function measureNodeModules(nodeModules) {
  let bytes = 0;
  let packages = 0;
  const walk = async (dir, depth) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth === 'modules' && entry.name.startsWith('@')) await walk(path, 'modules');
        else {
          if (depth === 'modules' && entry.name !== '.bin') packages++;
          await walk(path, entry.name === 'node_modules' ? 'modules' : 'files');
        }
      } else if (entry.isFile()) {
        bytes += (await lstat(path)).size;
      }
    }
  };
  await walk(nodeModules, 'modules');
  return { bytes, packages };
}

/**
 * Minified and gzipped (level 9) sizes of `entry` bundled by esbuild for `platform`, with code splitting
 * as an app's bundler does it: `gzipped` is the first chunk (the entry and the chunks it imports
 * statically, which load before any of its code runs), `totalGzipped` adds every chunk it can load later
 * with `import()`. Without dynamic imports the two are the same.
 */
export async function measureBundle(entry, platform) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2022',
    splitting: true,
    outdir: join(tmpdir(), 'mcpkit-bench-bundle'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const files = new Map(
    result.outputFiles.map((file) => [relative(process.cwd(), file.path), file.contents]),
  );
  const outputs = result.metafile.outputs;
  const reached = (kinds) => {
    const seen = new Set();
    // Every chunk `import()` reaches is an entry point of its own: start from the app's.
    const queue = Object.keys(outputs).filter(
      (path) => outputs[path].entryPoint === relative(process.cwd(), entry),
    );
    while (queue.length > 0) {
      const path = queue.pop();
      if (seen.has(path)) continue;
      seen.add(path);
      for (const link of outputs[path].imports) {
        // A Node built-in (`node:crypto`) stays an import of the bundle, not a chunk of it.
        if (!link.external && kinds.includes(link.kind)) queue.push(link.path);
      }
    }
    return [...seen].map((path) => files.get(path));
  };
  const size = (chunks, measure) => chunks.reduce((sum, code) => sum + measure(code), 0);
  const gzipped = (code) => gzipSync(code, { level: 9 }).byteLength;
  const first = reached(['import-statement']);
  const all = reached(['import-statement', 'dynamic-import']);
  return {
    minified: size(first, (code) => code.byteLength),
    gzipped: size(first, gzipped),
    totalGzipped: size(all, gzipped),
  };
}
