// `npm test`: lint, typecheck, build and every test of every package and app, then the official
// conformance suite against the reference apps.
import { installIfNeeded, pnpmEnv, run } from './pnpm.mjs';

const env = pnpmEnv();
installIfNeeded(env);
run(
  'pnpm',
  ['exec', 'biome', 'check', 'scripts', 'conformance', 'package.json', 'turbo.json', 'biome.json'],
  env,
);
// Every changeset must parse, or `changeset version` fails at release time.
run('pnpm', ['exec', 'changeset', 'status'], env);
run('pnpm', ['exec', 'turbo', 'run', 'lint', 'typecheck', 'test', '--output-logs=new-only'], env);
run('node', ['--test', 'conformance'], env);
run('node', ['conformance/run.mjs'], env);
