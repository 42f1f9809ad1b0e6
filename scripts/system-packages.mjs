// The programs the tests run that come from Debian packages, not npm: redis-server and HAProxy (the
// cluster test of apps/cluster-demo). Found on PATH or where Debian puts them; missing ones are
// installed with apt-get when we are root or may sudo without a password. `.ci/run` runs this.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What is needed: the program, where Debian installs it (sbin is not on every PATH), and its package. */
export const NEEDED = [
  { program: 'redis-server', path: '/usr/bin/redis-server', pkg: 'redis-server' },
  { program: 'haproxy', path: '/usr/sbin/haproxy', pkg: 'haproxy' },
];

function succeeds(command, argv) {
  try {
    execFileSync(command, argv, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** This machine, as `ensureSystemPackages` sees it; tests pass their own. */
export const hostSystem = {
  onPath(name) {
    return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
  },
  exists: existsSync,
  isRoot: () => process.getuid?.() === 0,
  linux: process.platform === 'linux',
  sudoWithoutPassword: () => succeeds('sudo', ['-n', 'true']),
  exec(command, argv) {
    execFileSync(command, argv, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  },
  log: (line) => console.log(line),
};

/** How to run apt-get here (as root, or through passwordless sudo), or why we cannot. */
function aptGet(system) {
  if (!system.linux || !system.onPath('apt-get')) return { why: 'there is no apt-get on this system' };
  if (system.isRoot()) return { argv: ['apt-get'] };
  if (system.onPath('sudo') && system.sudoWithoutPassword()) return { argv: ['sudo', '-n', 'apt-get'] };
  return { why: 'apt-get needs root, and sudo asks for a password' };
}

/**
 * Installs the Debian packages of the `needed` programs that are missing; returns the packages it
 * installed. Throws, saying what to install by hand, when they are missing and cannot be installed.
 */
export function ensureSystemPackages(system = hostSystem, needed = NEEDED) {
  const found = (entry) => system.exists(entry.path) || system.onPath(entry.program);
  const missing = needed.filter((entry) => !found(entry)).map((entry) => entry.pkg);
  if (missing.length === 0) return [];
  const apt = aptGet(system);
  const manual = `install ${missing.join(' and ')} (Debian: apt-get install ${missing.join(' ')})`;
  if (apt.argv === undefined) throw new Error(`${missing.join(', ')} missing and ${apt.why}: ${manual}`);
  const [command, ...prefix] = apt.argv;
  const install = () =>
    system.exec(command, [...prefix, 'install', '-y', '--no-install-recommends', ...missing]);
  system.log(`system packages: installing ${missing.join(', ')} with apt-get`);
  try {
    install();
  } catch {
    // An image without package lists (most containers) needs an update first.
    system.exec(command, [...prefix, 'update']);
    install();
  }
  const still = needed.filter((entry) => missing.includes(entry.pkg) && !found(entry));
  if (still.length > 0)
    throw new Error(
      `apt-get installed ${missing.join(', ')}, but ${still.map((e) => e.program).join(', ')} is still not found`,
    );
  return missing;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureSystemPackages();
  } catch (error) {
    console.error(`system packages: ${error.message}`);
    process.exit(1);
  }
}
