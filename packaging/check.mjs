// Checks the packages as users get them: packs each one, lints the package with publint, checks
// that its types resolve under every moduleResolution with are-the-types-wrong, then installs the
// tarballs into small apps (packaging/apps/*), each pinned to a schema library at the version
// users have, type-checks each app (NodeNext) and runs it.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { metadataProblems } from './metadata.mjs';
import { packAll, publishedPackages, root } from './packages.mjs';

const APP_PACKAGES = ['@mcpkit/protocol', '@mcpkit/server', '@mcpkit/client'];
const TYPES_NODE = '20.19.43';
const bin = (name) => join(root, 'node_modules', '.bin', name);

const failures = [];

/** Runs one check; a failure is recorded and reported at the end, so one run shows every problem. */
function step(title, command, args, cwd = root) {
  console.log(`packaging: ${title}`);
  try {
    execFileSync(command, args, { cwd, stdio: 'inherit' });
    return true;
  } catch {
    failures.push(title);
    return false;
  }
}

function isImportable(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return manifest.exports !== undefined || manifest.main !== undefined || manifest.types !== undefined;
}

function lintPackages(packages, tarballs) {
  console.log('packaging: repository, homepage, bugs, license, description and keywords');
  const problems = metadataProblems(packages, root);
  for (const problem of problems) console.error(`packaging: ${problem}`);
  if (problems.length > 0) failures.push('package metadata');
  for (const { name, dir } of packages) {
    step(`publint ${name}`, bin('publint'), ['run', '--strict', '--level', 'suggestion'], dir);
    // A program-only package (a `bin`, nothing to import) has no types to resolve.
    if (!isImportable(dir)) {
      console.log(`packaging: are-the-types-wrong skips ${name}: it has no exports, main or types`);
      continue;
    }
    step(`are-the-types-wrong ${name}`, bin('attw'), [tarballs.get(name), '--format', 'table-flipped']);
  }
}

function writeApp(appDir, name, tarballs) {
  const pinned = JSON.parse(readFileSync(join(appDir, 'deps.json'), 'utf8'));
  const dependencies = { ...pinned };
  const overrides = {};
  for (const pkg of APP_PACKAGES) {
    dependencies[pkg] = `file:${tarballs.get(pkg)}`;
    overrides[pkg] = `$${pkg}`;
  }
  const manifest = {
    name: `consumer-${name}`,
    private: true,
    type: 'module',
    dependencies,
    devDependencies: { '@types/node': TYPES_NODE },
    overrides,
  };
  writeFileSync(join(appDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2023'],
      types: ['node'],
      strict: true,
      outDir: 'dist',
      skipLibCheck: false,
    },
    files: ['app.ts'],
  };
  writeFileSync(join(appDir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
}

async function checkApps(tarballs, scratch) {
  const appsDir = join(import.meta.dirname, 'apps');
  const chosen = process.argv.slice(2);
  const names = readdirSync(appsDir).filter((name) => chosen.length === 0 || chosen.includes(name));
  const npmInstall = promisify(execFile);
  await Promise.all(
    names.map(async (name) => {
      const appDir = join(scratch, 'apps', name);
      cpSync(join(appsDir, name), appDir, { recursive: true });
      writeApp(appDir, name, tarballs);
      await npmInstall(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
        {
          cwd: appDir,
        },
      ).catch((error) => {
        throw new Error(`npm install for the ${name} app failed:\n${error.stderr}`);
      });
    }),
  );
  for (const name of names) {
    const appDir = join(scratch, 'apps', name);
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    if (step(`type-check the ${name} app`, process.execPath, [tsc, '-p', appDir])) {
      step(`run the ${name} app`, process.execPath, [join(appDir, 'dist', 'app.js')]);
    }
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-packaging-'));
try {
  const packages = publishedPackages();
  const tarballs = packAll(packages, scratch);
  // `node packaging/check.mjs zod3 valibot` checks only those apps.
  if (process.argv.length === 2) lintPackages(packages, tarballs);
  await checkApps(tarballs, scratch);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`packaging: ${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('packaging: every package lints clean, resolves its types everywhere, and works in each app');
