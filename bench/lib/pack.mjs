// Packing workspace packages the way they would be published (`pnpm pack` rewrites `workspace:` ranges).
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Packs `packages/<dir>` for each of `dirs` into `destination`; resolves with the tarball paths. */
export async function packWorkspacePackages(dirs, destination) {
  const before = new Set(await readdir(destination));
  for (const dir of dirs) {
    const cwd = new URL(`../../packages/${dir}/`, import.meta.url);
    await run('pnpm', ['pack', '--pack-destination', destination], { cwd, timeout: 120_000 });
  }
  const tarballs = (await readdir(destination)).filter((name) => name.endsWith('.tgz') && !before.has(name));
  if (tarballs.length !== dirs.length)
    throw new Error(`packed ${tarballs.length} tarballs for ${dirs.length} packages`);
  return tarballs.map((name) => join(destination, name));
}
