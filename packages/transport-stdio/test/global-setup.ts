import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import type { TestProject } from 'vitest/node';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
/** Where the fixtures, plain Node scripts run as child processes, import the package from. */
const outDir = fileURLToPath(new URL('./fixtures/dist', import.meta.url));

/**
 * Builds the package from the current `src` for the fixtures. Importing the published `dist/` would
 * run whatever was last built there, so a change to `src` would go untested in real processes.
 * Without type declarations it takes well under a second.
 */
function buildForFixtures(): Promise<void> {
  return build({
    entry: [entry],
    outDir,
    format: ['esm'],
    target: 'es2022',
    dts: false,
    clean: true,
    silent: true,
    config: false,
  });
}

export default async function setup(project: TestProject): Promise<void> {
  await buildForFixtures();
  project.onTestsRerun(buildForFixtures);
}
