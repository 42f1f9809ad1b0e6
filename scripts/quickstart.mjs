// `npm run quickstart`: install, build, and run the demo.
import { installIfNeeded, pnpmEnv, run } from './pnpm.mjs';

const env = pnpmEnv();
installIfNeeded(env);
run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], env);
run('node', ['apps/demo/dist/main.js'], env);
