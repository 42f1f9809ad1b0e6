// Where the pinned suite and its Node 22 live, installing them when missing or pinned anew.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureInstalled } from './install.mjs';

export const here = join(import.meta.dirname, '..');
export const suiteDir = join(here, 'node_modules', '@modelcontextprotocol', 'conformance');
export const cli = join(suiteDir, 'dist', 'index.js');

/**
 * A Node 22+ to run the suite with: the pinned binary for this platform (npm installs the one of
 * linux x64 or arm64 that fits), else this Node if it is 22 or newer, else undefined.
 */
export function findNode22() {
  const pinned = join(
    here,
    'node22',
    'node_modules',
    `node-${process.platform}-${process.arch}`,
    'bin',
    'node',
  );
  if (existsSync(pinned)) return pinned;
  return Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : undefined;
}

/** Installs the suite and Node 22 with npm ci when they are missing or differ from their lockfiles. */
export function ensureSuite() {
  ensureInstalled(here);
  ensureInstalled(join(here, 'node22'));
}

/** The scenarios a revision requires, and those it runs without scoring, from the suite's frozen list. */
export function requirements(revision) {
  const require = createRequire(join(suiteDir, 'package.json'));
  const { parse } = require('yaml');
  const doc = parse(readFileSync(join(suiteDir, 'requirements', `${revision}.yaml`), 'utf8'));
  const notScored = (doc.not_scored ?? []).map((entry) => ({ ...entry, side: entry.leg }));
  return {
    server: doc.server ?? [],
    client: doc.client ?? [],
    unscored: (side) => notScored.filter((entry) => entry.side === side).map((entry) => entry.scenario),
  };
}
