// Keeps a pinned npm folder (the suite, Node 22) installed at exactly what its lockfile says, so that a
// changed pin is installed on the next run of an existing checkout too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The dependencies a package.json (or a lockfile's root entry) declares, optional ones included. */
function declared(manifest) {
  return { ...manifest?.dependencies, ...manifest?.optionalDependencies };
}

/** The C library npm matches a package's `libc` field against: glibc, musl, or none off Linux. */
function thisLibc() {
  if (process.platform !== 'linux') return undefined;
  return process.report.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl';
}

/** Whether npm would install a locked package on this machine, by its `os`, `cpu` and `libc` fields. */
export function fitsThisMachine(entry, platform = process.platform, arch = process.arch, libc = thisLibc()) {
  return (
    allows(entry.os, platform) &&
    allows(entry.cpu, arch) &&
    (entry.libc === undefined || allows(entry.libc, libc))
  );
}

function allows(field, value) {
  const list = field === undefined ? [] : [field].flat();
  const wanted = list.filter((item) => !item.startsWith('!'));
  if (list.includes(`!${value}`)) return false;
  return wanted.length === 0 || wanted.includes(value);
}

/**
 * Whether `npm ci` has to run in `dir`: package.json asks for other dependencies than the lockfile records
 * (npm ci then stops and says so), or node_modules lacks a locked package or holds another version of it.
 * A missing optional package is fine only when it is built for another platform (npm skips those).
 */
export function needsInstall(dir) {
  const wanted = declared(readJson(join(dir, 'package.json')));
  const lock = readJson(join(dir, 'package-lock.json'));
  const locked = declared(lock?.packages?.['']);
  const names = new Set([...Object.keys(wanted), ...Object.keys(locked)]);
  if ([...names].some((name) => wanted[name] !== locked[name])) return true;
  return Object.entries(lock?.packages ?? {}).some(([path, entry]) => {
    if (path === '') return false;
    const installed = readJson(join(dir, path, 'package.json'));
    if (!installed) return !entry.optional || fitsThisMachine(entry);
    return installed.version !== entry.version;
  });
}

function npmCi(dir) {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
}

/** Runs `install` (npm ci) in `dir` when its node_modules is missing or differs from its lockfile. */
export function ensureInstalled(dir, install = npmCi) {
  if (needsInstall(dir)) install(dir);
}
