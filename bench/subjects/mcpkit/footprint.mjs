// mcpkit footprint: the workspace packages packed as they would be published, installed with npm (their
// third-party dependencies come from the registry). A server install is the server with both transports.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { packWorkspacePackages } from '../../lib/pack.mjs';

const SETS = {
  client: ['protocol', 'client', 'transport-stdio', 'transport-http'],
  server: ['protocol', 'server', 'transport-stdio', 'transport-http'],
};

const built = (dir) => existsSync(new URL(`../../../packages/${dir}/dist/index.js`, import.meta.url));

export const clientBundleEntry = built('client')
  ? new URL('./client-bundle-entry.mjs', import.meta.url)
  : undefined;

/** The same client from `@mcpkit/client/modern` and `@mcpkit/transport-http/modern`. */
export const modernClientBundleEntry = built('client')
  ? new URL('./client-bundle-entry-modern.mjs', import.meta.url)
  : undefined;

/** The same 2026-only client from `@mcpkit/client/minimal`, with validation left to the app (none). */
export const minimalClientBundleEntry = built('client')
  ? new URL('./client-bundle-entry-minimal.mjs', import.meta.url)
  : undefined;

/** Tarballs to install for `kind`, or null while one of its packages is not built. */
export async function installSpecs(kind, scratch) {
  const dirs = SETS[kind];
  if (!dirs.every(built)) return null;
  const destination = join(scratch, kind);
  await mkdir(destination);
  return packWorkspacePackages(dirs, destination);
}
