// The published packages, packed as npm would publish them.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

/** Every package of packages/ that is published: `{ name, dir }`. */
export function publishedPackages() {
  const packagesDir = join(root, 'packages');
  return readdirSync(packagesDir)
    .map((entry) => join(packagesDir, entry))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({ name: manifest.name, dir }));
}

/** The files under `dir` (recursively) whose names end with `extension`, relative to `dir`. */
export function filesOf(dir, extension) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith(extension));
}

/** Packs each package into `destination` (workspace ranges become versions); returns name → tarball. */
export function packAll(packages, destination) {
  const tarballs = new Map();
  for (const { name, dir } of packages) {
    const output = execFileSync('pnpm', ['pack', '--json', '--pack-destination', destination], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    tarballs.set(name, JSON.parse(output).filename);
  }
  return tarballs;
}
