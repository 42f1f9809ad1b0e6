import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { OAuthClientError } from '../client/errors.js';
import { MemoryTokenStore, type TokenStoreSnapshot } from '../client/token-store.js';

/** The file's JSON: AES-256-GCM over the store's snapshot, the key from scrypt when a passphrase is given. */
interface SealedFile {
  version: 1;
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

function deriveKey(secret: string | Uint8Array, salt: Buffer): Promise<Buffer> {
  if (typeof secret !== 'string') {
    if (secret.length !== 32) throw new RangeError('a raw key must be 32 bytes');
    return Promise.resolve(Buffer.from(secret));
  }
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

function seal(snapshot: TokenStoreSnapshot, key: Buffer, salt: Buffer): SealedFile {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(snapshot), 'utf8'), cipher.final()]);
  return {
    version: 1,
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

function unseal(file: SealedFile, key: Buffer): TokenStoreSnapshot {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(file.tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(file.data, 'base64')), decipher.final()]).toString(
    'utf8',
  );
  return JSON.parse(text) as TokenStoreSnapshot;
}

/** The private constructor, for `open`: set by the class. */
let construct: (
  path: string,
  key: Buffer,
  salt: Buffer,
  snapshot: TokenStoreSnapshot | undefined,
) => EncryptedFileTokenStore;

/**
 * A `TokenStore` for CLIs and desktop apps: tokens and client registrations in one file, encrypted
 * with AES-256-GCM and readable by the owner only (mode 0600). The key is a 32-byte
 * key or a passphrase (scrypt, with a random salt kept in the file), e.g. from the OS keychain.
 * Every change rewrites the file atomically. The tokens are as safe as the key: a key kept in a file
 * beside them guards only against the token file being read alone (a backup, a commit), not against
 * whoever can read both.
 *
 * @example
 * ```ts
 * const store = await EncryptedFileTokenStore.open(join(homedir(), '.my-cli', 'tokens'), process.env.MY_CLI_KEY!);
 * const auth = oauthClient(serverUrl, { store, … });
 * ```
 */
export class EncryptedFileTokenStore extends MemoryTokenStore {
  readonly #path: string;
  readonly #key: Buffer;
  readonly #salt: Buffer;
  #writing: Promise<void> = Promise.resolve();

  static {
    // `this`, not the class's name: esbuild renames a class whose body names itself
    // (`_EncryptedFileTokenStore`) when it bundles.
    construct = (path, key, salt, snapshot) => new this(path, key, salt, snapshot);
  }

  private constructor(path: string, key: Buffer, salt: Buffer, snapshot: TokenStoreSnapshot | undefined) {
    super(snapshot);
    this.#path = path;
    this.#key = key;
    this.#salt = salt;
  }

  /** Opens the store at `path`, empty when the file does not exist; a wrong key is a `misconfigured` error. */
  static async open(path: string, secret: string | Uint8Array): Promise<EncryptedFileTokenStore> {
    let file: SealedFile | undefined;
    try {
      file = JSON.parse(await readFile(path, 'utf8')) as SealedFile;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new OAuthClientError('misconfigured', `the token file ${path} cannot be read`, {
          cause: error,
        });
      }
    }
    const salt = file ? Buffer.from(file.salt, 'base64') : randomBytes(16);
    const key = await deriveKey(secret, salt);
    let snapshot: TokenStoreSnapshot | undefined;
    if (file) {
      try {
        snapshot = unseal(file, key);
      } catch (error) {
        throw new OAuthClientError(
          'misconfigured',
          `the token file ${path} cannot be decrypted with this key`,
          {
            cause: error,
          },
        );
      }
    }
    return construct(path, key, salt, snapshot);
  }

  protected override changed(): Promise<void> {
    const sealed = JSON.stringify(seal(this.state, this.#key, this.#salt));
    // One write at a time, in order; a failed write does not stop the next one.
    this.#writing = this.#writing
      .catch(() => undefined)
      .then(async () => {
        await mkdir(dirname(this.#path), { recursive: true, mode: 0o700 });
        const temporary = `${this.#path}.${randomBytes(6).toString('hex')}.tmp`;
        await writeFile(temporary, sealed, { mode: 0o600 });
        await chmod(temporary, 0o600);
        await rename(temporary, this.#path);
      });
    return this.#writing;
  }
}
