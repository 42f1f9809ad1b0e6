import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredTokens } from '@mcpkit/auth';
import { EncryptedFileTokenStore } from '@mcpkit/auth/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followRedirects } from './browser.js';
import { jsonLines, MCPKIT, type Run, type RunningServer, startEverythingHttp, startServer } from './run.js';

const require = createRequire(import.meta.url);
const OAUTH_DEMO = require.resolve('@mcpkit/oauth-demo/server');

let demo: RunningServer;
let config: string;
/** What the commands printed, and every token the CLI kept, to look for the one in the other. */
const outputs: Run[] = [];
const secrets: string[] = [];
beforeAll(async () => {
  // The everything server behind a real authorization server (oidc-provider) that consents at once.
  // Its access tokens live 20 s, less than the client's 30-second expiry margin: every command after
  // the login finds the stored token expired and must refresh it.
  demo = await startServer(process.execPath, [OAUTH_DEMO, '--port', '0', '--access-token-ttl', '20']);
  config = await mkdtemp(join(tmpdir(), 'mcpkit-login-'));
}, 40_000);
afterAll(async () => {
  await demo?.stop();
  await rm(config, { recursive: true, force: true });
});

/** Runs `mcpkit args…` with its config folder in the test's temporary folder. */
function mcpkitIn(configDir: string, args: readonly string[]): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [MCPKIT, ...args], {
    // The key in the config folder, where this test reads it, and never in the keychain of the machine.
    env: { ...process.env, MCPKIT_CONFIG_DIR: configDir, MCPKIT_TOKEN_KEY: '', MCPKIT_NO_KEYCHAIN: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<Run>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

/** The tokens the CLI keeps for `serverUrl`, read as the CLI reads them. */
async function storedTokens(configDir: string, serverUrl: string): Promise<StoredTokens | undefined> {
  const key = Buffer.from((await readFile(join(configDir, 'token-key'), 'utf8')).trim(), 'base64');
  const store = await EncryptedFileTokenStore.open(join(configDir, 'tokens'), key);
  const index = JSON.parse(await readFile(join(configDir, 'logins.json'), 'utf8'));
  const [entry] = (index.servers[serverUrl] ?? []) as { resource: string; issuer: string }[];
  return entry && store.getTokens(entry.resource, entry.issuer);
}

/** `mcpkit login`, with the browser's part played by following the authorization server's redirects. */
async function login(configDir: string, url: string): Promise<Run> {
  const { child, done } = mcpkitIn(configDir, ['login', url, '--json']);
  let stderr = '';
  const authorizationUrl = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      const found = /^(http:\/\/127\.0\.0\.1:\d+\/\S*auth\S*)$/m.exec(stderr)?.[1];
      if (found) resolve(found);
    });
    void done.then((run) => reject(new Error(`login ended first: ${run.stderr}`)));
  });
  const callback = await followRedirects(authorizationUrl, (url) => url.pathname === '/callback');
  // The browser lands on the CLI's loopback listener, which ends the login.
  expect((await fetch(callback)).status).toBe(200);
  return done;
}

describe('mcpkit login', () => {
  it('without a login, a protected server gets the advice to log in (exit 3)', async () => {
    const run = await mcpkitIn(config, ['info', demo.url]).done;
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`run \`mcpkit login ${demo.url}\` first`);
  });

  it('A-35, A-38: logs in through a loopback redirect; the next command refreshes and uses the tokens', async () => {
    const run = await login(config, demo.url);
    expect(run.code, run.stderr).toBe(0);
    const [result] = jsonLines(run) as [{ server: string; issuers: string[] }];
    expect(result.server).toBe(demo.url);
    expect(result.issuers).toHaveLength(1);
    expect(run.stderr).toMatch(/redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcallback/);

    const loggedIn = await storedTokens(config, demo.url);
    expect(loggedIn?.tokenType).toBe('dpop'); // bound to the stored key, so usable by the next command
    expect(loggedIn?.refreshToken).toBeDefined();

    // Another process: the stored registration, refresh token and DPoP key.
    const info = await mcpkitIn(config, ['info', demo.url, '--json']).done;
    expect(info.code, info.stderr).toBe(0);
    expect(jsonLines(info)[0]).toMatchObject({ serverInfo: { name: 'mcpkit-everything-server' } });
    const refreshed = await storedTokens(config, demo.url);
    expect(refreshed?.accessToken).not.toBe(loggedIn?.accessToken);
    expect(refreshed?.tokenType).toBe('dpop');
    for (const tokens of [loggedIn, refreshed]) secrets.push(tokens!.accessToken, tokens!.refreshToken!);
    outputs.push(run, info);
  });

  it('A-13, A-40: keeps the tokens encrypted, in files only the owner can read, and never prints them', async () => {
    const sealed = JSON.parse(await readFile(join(config, 'tokens'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(sealed).sort()).toEqual(['data', 'iv', 'salt', 'tag', 'version']);
    for (const file of ['tokens', 'token-key', 'logins.json', 'dpop-key.json']) {
      expect((await stat(join(config, file))).mode & 0o777, file).toBe(0o600);
    }
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(JSON.stringify(sealed)).not.toContain(secret);
      for (const run of outputs) expect(run.stdout + run.stderr).not.toContain(secret);
    }
  });

  it('logout forgets the tokens', async () => {
    const out = await mcpkitIn(config, ['logout', demo.url]).done;
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(`Logged out of ${demo.url}`);
  });

  it('after logout, the server asks for a login again, and a second logout has nothing to forget', async () => {
    const [info, again] = await Promise.all([
      mcpkitIn(config, ['info', demo.url]).done,
      mcpkitIn(config, ['logout', demo.url, '--json']).done,
    ]);
    expect(info.code).toBe(3);
    expect(info.stderr).toContain(`run \`mcpkit login ${demo.url}\` first`);
    expect(jsonLines(again)).toEqual([{ server: demo.url, loggedOut: false }]);
  });

  it('says so when the server does not announce OAuth (exit 3)', async () => {
    const open = await startEverythingHttp();
    try {
      const run = await mcpkitIn(config, ['login', open.url]).done;
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('this server does not announce OAuth');
    } finally {
      await open.stop();
    }
  });

  it('refuses a URL that is not http(s) (exit 2)', async () => {
    const run = await mcpkitIn(config, ['login', 'ftp://example.com/mcp']).done;
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('must be http or https');
  });
});
