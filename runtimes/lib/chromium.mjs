// Chromium comes from the system: found on PATH, or installed with apt-get (Debian's `chromium`) when
// this is Debian or Ubuntu and we are root or may sudo without a password. Anything else is a skip.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

function findChromium() {
  for (const name of NAMES) {
    const path = onPath(name);
    if (path) return path;
  }
  return undefined;
}

function succeeds(command, argv) {
  try {
    execFileSync(command, argv, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** How to run apt-get here (as root, or through passwordless sudo), or why we cannot. */
function aptGet() {
  if (process.platform !== 'linux' || !onPath('apt-get')) return { why: 'no apt-get on this system' };
  if (process.getuid?.() === 0) return { argv: ['apt-get'] };
  if (onPath('sudo') && succeeds('sudo', ['-n', 'true'])) return { argv: ['sudo', '-n', 'apt-get'] };
  return { why: 'apt-get needs root, and sudo asks for a password' };
}

/** The Chromium binary, installing Debian's package first when it is missing; or why there is none. */
export function ensureChromium() {
  const present = findChromium();
  if (present) return { path: present };
  const apt = aptGet();
  if (!apt.argv) return { missing: `${NAMES.join(', ')} not on PATH and not installable: ${apt.why}` };
  const [command, ...prefix] = apt.argv;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => {
    execFileSync(command, [...prefix, 'install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
  };
  console.log('runtimes: installing chromium with apt-get');
  try {
    install();
  } catch {
    // An image without package lists (most containers) needs an update first.
    try {
      execFileSync(command, [...prefix, 'update'], { stdio: 'inherit', env });
      install();
    } catch (error) {
      return { missing: `apt-get could not install chromium: ${error.message}` };
    }
  }
  const installed = findChromium();
  return installed
    ? { path: installed }
    : { missing: 'apt-get installed chromium, but no binary is on PATH' };
}
