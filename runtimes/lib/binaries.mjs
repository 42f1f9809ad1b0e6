// Where each runtime's binary lives once installed: Node 20, Bun, Deno and workerd from runtimes/bin,
// Node 22 from conformance/node22 (the conformance suite's own), both npm folders kept at their lockfiles.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from '../../conformance/lib/install.mjs';

const here = fileURLToPath(new URL('..', import.meta.url));
const binDir = join(here, 'bin');
const node22Dir = join(here, '..', 'conformance', 'node22');

/** Installs both npm folders with npm ci when they are missing or differ from their lockfiles. */
export function ensureRuntimes() {
  ensureInstalled(binDir);
  ensureInstalled(node22Dir);
}

/** npm's name for this machine's CPU in each runtime's package names. */
const ARCH = {
  node: { x64: 'x64', arm64: 'arm64' }[process.arch],
  deno: { x64: 'x64', arm64: 'arm64' }[process.arch],
  workerd: { x64: '64', arm64: 'arm64' }[process.arch],
};

/**
 * The binary of each runtime on this machine, or why there is none: these packages are built for Linux
 * (Deno for glibc only) on x64 and arm64, so npm skips them elsewhere.
 */
export function runtimeBinaries() {
  const found = (path) => (existsSync(path) ? { path } : { missing: noBuild() });
  return {
    node20: found(join(binDir, 'node_modules', `node20-linux-${ARCH.node}`, 'bin', 'node')),
    node22: found(join(node22Dir, 'node_modules', `node-linux-${ARCH.node}`, 'bin', 'node')),
    bun: found(join(binDir, 'node_modules', 'bun', 'bin', 'bun.exe')),
    deno: found(join(binDir, 'node_modules', '@deno', `linux-${ARCH.deno}-glibc`, 'deno')),
    workerd: found(
      join(binDir, 'node_modules', '@cloudflare', `workerd-linux-${ARCH.workerd}`, 'bin', 'workerd'),
    ),
  };
}

function noBuild() {
  return `no build for ${process.platform}-${process.arch} among the packages in runtimes/bin`;
}
