// Finds pnpm 12.4.2 for the quick start and the test command on a machine that may only have Node and
// npm: the pnpm on PATH if it is that version, else a copy installed into .tools/ (no root needed).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const PNPM_VERSION = '12.4.2';
const root = join(import.meta.dirname, '..');
const localBin = join(root, '.tools', 'node_modules', '.bin');

function versionOf(command, env) {
  try {
    return execFileSync(command, ['--version'], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** An environment whose PATH runs pnpm 12.4.2, installing it into .tools/ when needed. */
export function pnpmEnv() {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
  if (versionOf('pnpm', env) === PNPM_VERSION) return env;
  if (!existsSync(join(localBin, 'pnpm'))) {
    console.log(`Installing pnpm ${PNPM_VERSION} into .tools/ …`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        join(root, '.tools'),
        '--no-save',
        '--no-audit',
        '--no-fund',
        `pnpm@${PNPM_VERSION}`,
      ],
      {
        stdio: 'inherit',
      },
    );
  }
  return { ...env, PATH: `${localBin}${delimiter}${env.PATH}` };
}

/** Runs a command with that environment in the repository root; exits on failure. */
export function run(command, args, env) {
  try {
    execFileSync(command, args, { cwd: root, env, stdio: 'inherit' });
  } catch (error) {
    process.exit(typeof error.status === 'number' ? error.status : 1);
  }
}

export function installIfNeeded(env) {
  if (!existsSync(join(root, 'node_modules', '.modules.yaml')))
    run('pnpm', ['install', '--frozen-lockfile'], env);
}
