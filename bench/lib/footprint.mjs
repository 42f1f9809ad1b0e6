// Measuring what a user installs and ships: a fresh `npm install` into a temporary directory, and an esbuild
// bundle of a minimal client, minified and gzipped.
import { execFile } from 'node:child_process';
import { lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Minified and gzipped (level 9) sizes of `entry` bundled by esbuild for `platform`. */
export async function measureBundle(entry, platform) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform,
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.byteLength, gzipped: gzipSync(code, { level: 9 }).byteLength };
}
