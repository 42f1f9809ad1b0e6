// A client-only install (issue 37): @mcpkit/protocol, @mcpkit/client and both transports, packed as
// published and installed with npm into an empty directory, bring no zod (an optional peer of
// @mcpkit/protocol) and stay under 4 MiB; a client from there talks to apps/everything-server in both
// eras and over both transports, answers an input_required round, and refuses a malformed result with
// the path it fails at. Needs the packages and apps/everything-server built.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { packAll, publishedPackages, root } from './packages.mjs';

const CLIENT_PACKAGES = [
  '@mcpkit/protocol',
  '@mcpkit/client',
  '@mcpkit/transport-http',
  '@mcpkit/transport-stdio',
];
const serverDist = join(root, 'apps', 'everything-server', 'dist');
const run = promisify(execFile);

function bytesUnder(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stats = statSync(join(dir, entry));
    if (stats.isFile()) total += stats.size;
  }
  return total;
}

function startServer() {
  const child = spawn(process.execPath, [join(serverDist, 'http.js'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.once('exit', (code) => reject(new Error(`everything-server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /MCP_SERVER_URL=(\S+)/.exec(seen);
      if (match) resolve({ child, url: match[1] });
    });
  });
}

describe('a client-only install', { skip: !existsSync(join(serverDist, 'http.js')) }, () => {
  let dir;
  let server;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-client-only-'));
    const packages = publishedPackages().filter(({ name }) => CLIENT_PACKAGES.includes(name));
    const tarballs = packAll(packages, dir);
    const dependencies = {};
    const overrides = {};
    for (const name of CLIENT_PACKAGES) {
      dependencies[name] = `file:${tarballs.get(name)}`;
      overrides[name] = `$${name}`;
    }
    const manifest = { name: 'client-only', private: true, type: 'module', dependencies, overrides };
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
      cwd: dir,
    });
    cpSync(join(import.meta.dirname, 'client-only', 'session.mjs'), join(dir, 'session.mjs'));
    server = await startServer();
  });
  after(() => {
    server?.child.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs no zod and stays under 4 MiB', () => {
    const modules = join(dir, 'node_modules');
    assert.equal(existsSync(join(modules, 'zod')), false, 'zod was installed');
    const bytes = bytesUnder(modules);
    assert.ok(bytes <= 4 * 1024 * 1024, `node_modules holds ${bytes} bytes`);
  });

  it('C-14, C-24, B-9, C-15: talks to the everything server in both eras and refuses a malformed result', async () => {
    const { stdout } = await run(
      process.execPath,
      [join(dir, 'session.mjs'), server.url, join(serverDist, 'stdio.js')],
      {
        cwd: dir,
      },
    );
    const out = JSON.parse(stdout);
    const expected = {
      simple: ['This is a simple text response for testing.'],
      asked: ['Hello, Ada!'],
    };
    assert.deepEqual(out.modern, { version: '2026-07-28', ...expected });
    assert.deepEqual(out.legacy, { version: '2025-11-25', ...expected });
    assert.deepEqual(out.stdio, { version: '2026-07-28', ...expected });
    assert.equal(out.malformed.refused, true);
    assert.equal(out.malformed.name, 'InvalidResponseError');
    assert.match(
      out.malformed.message,
      /Invalid result\.content\[0\]\.text: Invalid input: expected string, received number/,
    );
  });
});
