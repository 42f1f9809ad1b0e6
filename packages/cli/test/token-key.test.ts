import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Credentials } from '../src/auth/credentials.js';
import type { Keychain } from '../src/auth/keychain.js';

/** An in-memory keychain; `broken` makes every call fail, `forgetful` accepts and keeps nothing. */
function fakeKeychain(mode: 'working' | 'broken' | 'forgetful' = 'working') {
  const entries = new Map<string, string>();
  let calls = 0;
  const keychain: Keychain = {
    async get(account) {
      calls++;
      if (mode === 'broken') throw new Error('The user name or passphrase you entered is not correct.');
      return entries.get(account);
    },
    async set(account, secret) {
      calls++;
      if (mode === 'broken') throw new Error('The user name or passphrase you entered is not correct.');
      if (mode === 'working') entries.set(account, secret);
    },
  };
  return { keychain, entries, calls: () => calls };
}

const SERVER = 'https://mcp.example.com/mcp';
const TOKENS = { accessToken: 'at-secret', tokenType: 'Bearer' } as const;
const noKeychain = () => Promise.resolve(undefined);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpkit-token-key-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Logs in (makes the key, saves tokens) and reads the tokens back in a new process's way. */
async function saveAndReload(keychain: () => Promise<Keychain | undefined>, env: NodeJS.ProcessEnv = {}) {
  const credentials = await Credentials.open(dir, keychain);
  const secret = await credentials.ensureSecret(env);
  await (await credentials.storeFor(SERVER, secret)).setTokens(SERVER, 'https://as.example.com', TOKENS);
  const again = await Credentials.open(dir, keychain);
  const reread = await again.secret(env);
  const store = await again.storeFor(SERVER, reread!);
  return { secret, reread, tokens: await store.getTokens(SERVER, 'https://as.example.com') };
}

describe('where the key of the token file is kept', () => {
  it('in the OS keychain when there is one: the config folder holds only the account name', async () => {
    const { keychain, entries } = fakeKeychain();
    const { secret, reread, tokens } = await saveAndReload(async () => keychain);
    expect(tokens).toMatchObject(TOKENS);
    expect(Buffer.from(reread as Uint8Array)).toEqual(Buffer.from(secret as Uint8Array));
    expect(entries.size).toBe(1);
    const [account, stored] = [...entries][0]!;
    expect(Buffer.from(stored, 'base64')).toEqual(Buffer.from(secret as Uint8Array));
    expect((await readFile(join(dir, 'token-key'), 'utf8')).trim()).toBe(`keychain ${account}`);
    // No file in the folder contains the key.
    for (const name of await readdir(dir))
      expect(await readFile(join(dir, name), 'utf8')).not.toContain(stored);
  });

  for (const [what, keychain] of [
    ['no keychain library or service', noKeychain],
    ['a keychain that cannot load', () => Promise.reject(new Error('DBus error: no session bus'))],
    ['a keychain whose calls fail', async () => fakeKeychain('broken').keychain],
    ['a keychain that accepts and forgets', async () => fakeKeychain('forgetful').keychain],
  ] as const) {
    it(`in the token-key file with ${what}, without failing`, async () => {
      const { secret, tokens } = await saveAndReload(keychain);
      expect(tokens).toMatchObject(TOKENS);
      const file = (await readFile(join(dir, 'token-key'), 'utf8')).trim();
      expect(Buffer.from(file, 'base64')).toEqual(Buffer.from(secret as Uint8Array));
    });
  }

  it('MCPKIT_NO_KEYCHAIN=1 keeps it in the file even when a keychain works', async () => {
    const { keychain, calls } = fakeKeychain();
    await saveAndReload(async () => keychain, { MCPKIT_NO_KEYCHAIN: '1' });
    expect(calls()).toBe(0);
    expect((await readFile(join(dir, 'token-key'), 'utf8')).trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('MCPKIT_TOKEN_KEY is the key: nothing is kept anywhere', async () => {
    const { keychain, calls } = fakeKeychain();
    const { secret, tokens } = await saveAndReload(async () => keychain, {
      MCPKIT_TOKEN_KEY: 'a passphrase',
    });
    expect(secret).toBe('a passphrase');
    expect(tokens).toMatchObject(TOKENS);
    expect(calls()).toBe(0);
    expect(await readdir(dir)).not.toContain('token-key');
  });

  it('a key kept in the file by an earlier version moves to the keychain at the next login', async () => {
    await saveAndReload(noKeychain);
    const old = (await readFile(join(dir, 'token-key'), 'utf8')).trim();
    const { keychain, entries } = fakeKeychain();
    const { tokens } = await saveAndReload(async () => keychain);
    expect(tokens).toMatchObject(TOKENS);
    expect([...entries.values()]).toEqual([old]);
    expect((await readFile(join(dir, 'token-key'), 'utf8')).trim()).toMatch(
      /^keychain token-key-[0-9a-f]{16}$/,
    );
  });

  it('a key in a keychain that cannot be read now is a clear error, never a new key', async () => {
    const { keychain } = fakeKeychain();
    await saveAndReload(async () => keychain);
    const marked = await readFile(join(dir, 'token-key'), 'utf8');
    for (const unreadable of [noKeychain, async () => fakeKeychain('broken').keychain]) {
      const credentials = await Credentials.open(dir, unreadable);
      await expect(credentials.secret({})).rejects.toThrow(
        /^the key of the saved logins is in the OS keychain \(service mcpkit, account token-key-[0-9a-f]{16}\), but .+; unlock the keychain and try again, or delete .+token-key and .+tokens and log in again$/,
      );
      await expect(credentials.ensureSecret({})).rejects.toThrow(/is in the OS keychain/);
      // logout still forgets the server.
      expect(await credentials.logout(SERVER, {})).toBe(true);
      expect(await readFile(join(dir, 'token-key'), 'utf8')).toBe(marked);
      await writeFile(
        join(dir, 'logins.json'),
        JSON.stringify({ version: 1, servers: { [SERVER]: [{ resource: SERVER, issuer: 'x' }] } }),
      );
    }
  });
});
