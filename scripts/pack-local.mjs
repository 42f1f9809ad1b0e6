// `pnpm pack:local`: builds the published packages and packs them into .packs/ as npm would publish
// them, then prints how to install them, run the CLI from them and create a project from them: the
// way to use mcpkit before it is on the npm registry (or to try a change before it is released).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { packAll, publishedPackages, root } from '../packaging/packages.mjs';
import { pnpmEnv, run } from './pnpm.mjs';

const destination = join(root, '.packs');
const packages = publishedPackages();
run(
  'pnpm',
  [
    'exec',
    'turbo',
    'run',
    'build',
    // A build turbo restores from its cache leaves earlier builds' chunk files in dist, and npm packs them.
    '--force',
    '--output-logs=errors-only',
    ...packages.flatMap(({ name }) => ['--filter', name]),
  ],
  pnpmEnv(),
);
mkdirSync(destination, { recursive: true });
// Tarballs of an earlier version would sit beside the new ones, and `mcpkit create --from` refuses two.
for (const entry of readdirSync(destination)) {
  if (/^mcpkit-.*\.tgz$/.test(entry)) rmSync(join(destination, entry));
}
const tarballs = packAll(packages, destination);
const libraries = [...tarballs].filter(([name]) => name !== '@mcpkit/cli').map(([, file]) => file);
const mcpkit = `node ${join(root, 'packages', 'cli', 'dist', 'mcpkit.js')}`;

console.log(`
Packed ${tarballs.size} packages into ${destination}

Create a project that installs from them (its package.json points at these files, and its own
\`npx @mcpkit/cli\` runs the CLI from them):
  ${mcpkit} create my-server --template stdio --from ${destination}

Or add them to a project you have (keep @mcpkit/protocol, which every other one needs):
  npm install ${libraries.join(' ')}

Run the CLI from this clone, e.g. with an alias:
  alias mcpkit='${mcpkit}'
`);
