import { join } from 'node:path';
import type { StoredClient, StoredTokens, TokenStore } from '@mcpkit/auth';
import { EncryptedFileTokenStore } from '@mcpkit/auth/node';
import { type Keychain, osKeychain } from './keychain.js';
import { readIfExists, writePrivateFile } from './private-file.js';
import { ensureTokenKey, readTokenKey, type TokenKeySources } from './token-key.js';

/** Which tokens of the store belong to a server URL: the resource and issuer they are kept under. */
interface LoginEntry {
  resource: string;
  issuer: string;
}

interface LoginIndex {
  version: 1;
  servers: Record<string, LoginEntry[]>;
}

const SIGNING = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * The CLI's logins, in its config folder: `tokens` (an `EncryptedFileTokenStore`: tokens and client
 * registrations, AES-256-GCM), `token-key` (where its random key is: the OS keychain account holding
 * it, or the key itself when no keychain can; unless `MCPKIT_TOKEN_KEY` gives a passphrase),
 * `logins.json` (which server URLs have tokens, and under which resource and issuer) and
 * `dpop-key.json` (the key DPoP-bound tokens are bound to, so they work in the next command too).
 * Every file is readable by the owner only.
 */
export class Credentials {
  #store: Promise<EncryptedFileTokenStore> | undefined;

  private constructor(
    readonly dir: string,
    private readonly index: LoginIndex,
    private readonly keychain: () => Promise<Keychain | undefined>,
  ) {}

  /**
   * Reads the index of logins; nothing else is opened until a server's tokens are needed. `keychain`
   * is the OS keychain, loaded on first use; tests pass their own.
   */
  static async open(
    dir: string,
    keychain: () => Promise<Keychain | undefined> = osKeychain,
  ): Promise<Credentials> {
    const text = await readIfExists(join(dir, 'logins.json'));
    const index =
      text === undefined ? { version: 1 as const, servers: {} } : (JSON.parse(text) as LoginIndex);
    return new Credentials(dir, index, keychain);
  }

  /** Whether `serverUrl` has tokens from a login. */
  hasLogin(serverUrl: string): boolean {
    return (this.index.servers[serverUrl]?.length ?? 0) > 0;
  }

  /** The issuers of `serverUrl`'s tokens. */
  issuersOf(serverUrl: string): string[] {
    return (this.index.servers[serverUrl] ?? []).map((entry) => entry.issuer);
  }

  /** The token store, as seen by the OAuth client of `serverUrl`: what it keeps is indexed under that URL. */
  async storeFor(serverUrl: string, secret: string | Uint8Array): Promise<TokenStore> {
    const store = await this.tokens(secret);
    return {
      getTokens: (resource, issuer) => store.getTokens(resource, issuer),
      getClient: (issuer) => store.getClient(issuer),
      setClient: (issuer: string, client: StoredClient | undefined) => store.setClient(issuer, client),
      setTokens: async (resource: string, issuer: string, tokens: StoredTokens | undefined) => {
        await store.setTokens(resource, issuer, tokens);
        await this.remember(serverUrl, { resource, issuer }, tokens !== undefined);
      },
    };
  }

  /** Forgets every token of `serverUrl`; false when there were none. */
  async logout(serverUrl: string, env: NodeJS.ProcessEnv): Promise<boolean> {
    const entries = this.index.servers[serverUrl] ?? [];
    if (entries.length === 0) return false;
    const secret = await this.secret(env).catch(() => undefined);
    // Without the key the tokens cannot be read by anyone: forgetting the index entry is enough.
    if (secret !== undefined) {
      const store = await this.tokens(secret);
      for (const { resource, issuer } of entries) await store.setTokens(resource, issuer, undefined);
    }
    delete this.index.servers[serverUrl];
    await this.saveIndex();
    return true;
  }

  /** The secret of the token file (see `readTokenKey`); `undefined` before the first login. */
  async secret(env: NodeJS.ProcessEnv): Promise<string | Uint8Array | undefined> {
    return (await readTokenKey(this.keySources(env)))?.secret;
  }

  /** The secret of the token file, made on first use, in the OS keychain when one takes it (see `ensureTokenKey`). */
  async ensureSecret(env: NodeJS.ProcessEnv): Promise<string | Uint8Array> {
    return (await ensureTokenKey(this.keySources(env))).secret;
  }

  /** The DPoP key pair of this CLI, made on first use. */
  async dpopKey(): Promise<CryptoKeyPair> {
    const path = join(this.dir, 'dpop-key.json');
    const stored = await readIfExists(path);
    if (stored !== undefined) {
      const { privateKey, publicKey } = JSON.parse(stored) as {
        privateKey: JsonWebKey;
        publicKey: JsonWebKey;
      };
      return {
        privateKey: await crypto.subtle.importKey('jwk', privateKey, SIGNING, false, ['sign']),
        publicKey: await crypto.subtle.importKey('jwk', publicKey, SIGNING, true, ['verify']),
      };
    }
    const pair = await crypto.subtle.generateKey(SIGNING, true, ['sign', 'verify']);
    const jwks = {
      privateKey: await crypto.subtle.exportKey('jwk', pair.privateKey),
      publicKey: await crypto.subtle.exportKey('jwk', pair.publicKey),
    };
    await writePrivateFile(path, `${JSON.stringify(jwks)}\n`);
    return pair;
  }

  /** `MCPKIT_NO_KEYCHAIN=1` keeps the key in the config folder, as where no keychain exists. */
  private keySources(env: NodeJS.ProcessEnv): TokenKeySources {
    const keychain = env.MCPKIT_NO_KEYCHAIN === '1' ? () => Promise.resolve(undefined) : this.keychain;
    return { dir: this.dir, env, keychain };
  }

  private tokens(secret: string | Uint8Array): Promise<EncryptedFileTokenStore> {
    this.#store ??= EncryptedFileTokenStore.open(join(this.dir, 'tokens'), secret);
    return this.#store;
  }

  private async remember(serverUrl: string, entry: LoginEntry, present: boolean): Promise<void> {
    const others = (this.index.servers[serverUrl] ?? []).filter(
      (known) => known.resource !== entry.resource || known.issuer !== entry.issuer,
    );
    const next = present ? [...others, entry] : others;
    if (next.length === 0) delete this.index.servers[serverUrl];
    else this.index.servers[serverUrl] = next;
    await this.saveIndex();
  }

  private saveIndex(): Promise<void> {
    return writePrivateFile(join(this.dir, 'logins.json'), `${JSON.stringify(this.index, null, 2)}\n`);
  }
}
