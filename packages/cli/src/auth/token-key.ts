import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Keychain } from './keychain.js';
import { readIfExists, writePrivateFile } from './private-file.js';

/** Where the key of the token file is kept. */
type TokenKeyPlace = 'environment' | 'keychain' | 'file';

/** The key of the token file (a passphrase from the environment, else 32 random bytes) and where it is. */
export interface TokenKey {
  secret: string | Uint8Array;
  place: TokenKeyPlace;
}

/** What choosing the key looks at. */
export interface TokenKeySources {
  /** The config folder: `token-key` says where the key is, `tokens` is what it opens. */
  dir: string;
  env: NodeJS.ProcessEnv;
  /** The OS keychain, or `undefined` when there is none to use; a rejection counts as none. */
  keychain: () => Promise<Keychain | undefined>;
}

/** `token-key` holds either the key itself (base64) or this mark and the keychain account that holds it. */
const KEYCHAIN_MARK = 'keychain ';

function keyFile(dir: string): string {
  return join(dir, 'token-key');
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether the keychain took `encoded` under `account` and gives it back: a store that forgets is no store. */
async function keptInKeychain(sources: TokenKeySources, account: string, encoded: string): Promise<boolean> {
  try {
    const keychain = await sources.keychain();
    if (!keychain) return false;
    await keychain.set(account, encoded);
    return (await keychain.get(account)) === encoded;
  } catch {
    return false;
  }
}

/**
 * The key of the token file: `MCPKIT_TOKEN_KEY` when set, else what `token-key` says (the key
 * itself, or the keychain account holding it); `undefined` before the first login. A key that is in
 * the keychain but cannot be read there is an error that says so, never a silent new key: the
 * tokens would be lost.
 */
export async function readTokenKey(sources: TokenKeySources): Promise<TokenKey | undefined> {
  const { dir, env } = sources;
  if (env.MCPKIT_TOKEN_KEY) return { secret: env.MCPKIT_TOKEN_KEY, place: 'environment' };
  const stored = (await readIfExists(keyFile(dir)))?.trim();
  if (stored === undefined) return undefined;
  if (!stored.startsWith(KEYCHAIN_MARK)) return { secret: Buffer.from(stored, 'base64'), place: 'file' };
  const account = stored.slice(KEYCHAIN_MARK.length);
  let problem: string;
  try {
    const keychain = await sources.keychain();
    const found = keychain && (await keychain.get(account));
    if (found) return { secret: Buffer.from(found, 'base64'), place: 'keychain' };
    problem = keychain ? 'it is not there' : 'no keychain can be used here';
  } catch (error) {
    problem = `the keychain failed: ${reason(error)}`;
  }
  throw new Error(
    `the key of the saved logins is in the OS keychain (service mcpkit, account ${account}), but ${problem}; ` +
      `unlock the keychain and try again, or delete ${keyFile(dir)} and ${join(dir, 'tokens')} and log in again`,
  );
}

/**
 * The key of the token file, made on first use: 32 random bytes, kept in the OS keychain when one
 * takes it (`token-key` then names only the keychain account), else in `token-key` itself. A key
 * found in `token-key` moves to the keychain when one can keep it. `MCPKIT_TOKEN_KEY` is used as is.
 */
export async function ensureTokenKey(sources: TokenKeySources): Promise<TokenKey> {
  const existing = await readTokenKey(sources);
  if (existing && existing.place !== 'file') return existing;
  const key = existing ? Buffer.from(existing.secret as Uint8Array) : randomBytes(32);
  const encoded = key.toString('base64');
  const account = `token-key-${randomBytes(8).toString('hex')}`;
  if (await keptInKeychain(sources, account, encoded)) {
    await writePrivateFile(keyFile(sources.dir), `${KEYCHAIN_MARK}${account}\n`);
    return { secret: key, place: 'keychain' };
  }
  if (!existing) await writePrivateFile(keyFile(sources.dir), `${encoded}\n`);
  return { secret: key, place: 'file' };
}
