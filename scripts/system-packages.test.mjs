import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureSystemPackages } from './system-packages.mjs';

/** A machine where `present` exist, apt-get and sudo are as given; records what it runs. */
function fakeSystem({ present = [], root = true, sudo = false, apt = true, failFirstInstall = false } = {}) {
  const files = new Set(present);
  const ran = [];
  let installs = 0;
  return {
    ran,
    onPath: (name) => (name === 'apt-get' ? apt : name === 'sudo' ? true : files.has(name)),
    exists: (path) => files.has(path),
    isRoot: () => root,
    linux: true,
    sudoWithoutPassword: () => sudo,
    exec(command, argv) {
      ran.push([command, ...argv].join(' '));
      if (!argv.includes('install')) return;
      if (failFirstInstall && installs++ === 0) throw new Error('E: Unable to locate package');
      for (const name of argv.slice(argv.indexOf('--no-install-recommends') + 1)) {
        files.add(name === 'haproxy' ? '/usr/sbin/haproxy' : '/usr/bin/redis-server');
      }
    },
    log: () => {},
  };
}

test('nothing runs when both programs are there (haproxy in /usr/sbin, off PATH)', () => {
  const system = fakeSystem({ present: ['/usr/sbin/haproxy', 'redis-server'] });
  assert.deepEqual(ensureSystemPackages(system), []);
  assert.deepEqual(system.ran, []);
});

test('as root the missing package alone is installed with apt-get', () => {
  const system = fakeSystem({ present: ['/usr/bin/redis-server'] });
  assert.deepEqual(ensureSystemPackages(system), ['haproxy']);
  assert.deepEqual(system.ran, ['apt-get install -y --no-install-recommends haproxy']);
});

test('without package lists the install is retried after apt-get update', () => {
  const system = fakeSystem({ failFirstInstall: true });
  assert.deepEqual(ensureSystemPackages(system), ['redis-server', 'haproxy']);
  assert.deepEqual(system.ran, [
    'apt-get install -y --no-install-recommends redis-server haproxy',
    'apt-get update',
    'apt-get install -y --no-install-recommends redis-server haproxy',
  ]);
});

test('not root: through passwordless sudo', () => {
  const system = fakeSystem({ root: false, sudo: true, present: ['/usr/sbin/haproxy'] });
  ensureSystemPackages(system);
  assert.deepEqual(system.ran, ['sudo -n apt-get install -y --no-install-recommends redis-server']);
});

test('not root and sudo asks for a password: an error saying what to install', () => {
  const system = fakeSystem({ root: false, sudo: false });
  assert.throws(
    () => ensureSystemPackages(system),
    /sudo asks for a password: install redis-server and haproxy/,
  );
  assert.deepEqual(system.ran, []);
});

test('no apt-get: an error saying what to install', () => {
  const system = fakeSystem({ apt: false, present: ['/usr/bin/redis-server'] });
  assert.throws(() => ensureSystemPackages(system), /no apt-get on this system: install haproxy/);
});
