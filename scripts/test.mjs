// `npm test`: lint, typecheck, build and every test of every package and app, then the official
// conformance suite against the reference apps.
import { ensureSuite } from '../conformance/lib/suite.mjs';
import { installIfNeeded, pnpmEnv, run } from './pnpm.mjs';

const env = pnpmEnv();
installIfNeeded(env);
run(
  'pnpm',
  [
    'exec',
    'biome',
    'check',
    'scripts',
    'packaging',
    'conformance',
    'docs',
    'package.json',
    'turbo.json',
    'biome.json',
    'vitest.setup.ts',
  ],
  env,
);
// Every changeset must parse, or `changeset version` fails at release time.
run('pnpm', ['exec', 'changeset', 'status'], env);
// docs/requirements.md matches the digest, and every cited requirement id and document exists.
run('node', ['scripts/requirements.mjs', '--check'], env);
run('node', ['scripts/check-references.mjs'], env);
// No message cites a requirement id: users cannot decode them.
run('node', ['scripts/check-messages.mjs'], env);
// The READMEs' snippets are regions of examples/, which turbo type-checks and smoke-runs.
run('node', ['scripts/check-snippets.mjs'], env);
// The sources' shape: no import circle, type-only imports included (.dependency-cruiser.cjs); no file
// over 400 lines; no export that no other file imports (knip.jsonc).
run('pnpm', ['exec', 'depcruise', 'packages', 'apps'], env);
run('node', ['scripts/check-file-size.mjs'], env);
run('pnpm', ['exec', 'knip'], env);
// The conformance suite and its Node 22, installed before the tests that share that Node (interop, runtimes)
// run in parallel, so that none of them sees it half-installed.
ensureSuite();
run('pnpm', ['exec', 'turbo', 'run', 'lint', 'typecheck', 'test', '--output-logs=new-only'], env);
// `pnpm run docs` would succeed: TypeDoc validates links and exports without writing the site (about 20 s).
run('pnpm', ['exec', 'typedoc', '--emit', 'none'], env);
// Every package's public API matches its committed report (api/): a surface change is a reviewed diff.
run('node', ['scripts/api-report.mjs', '--check'], env);
// The packages as published: publint, are-the-types-wrong, and small apps on each schema library.
run('node', ['packaging/check.mjs'], env);
// `mcpkit create`: a project from each template installs, builds and passes its own test.
run('node', ['packages/cli/scripts/check-templates.mjs'], env);
run('node', ['--test', 'conformance', 'packaging', 'scripts/system-packages.test.mjs'], env);
run('node', ['conformance/run.mjs'], env);
