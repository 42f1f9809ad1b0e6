/**
 * A secret store of the operating system (macOS Keychain, Windows Credential Manager, a Secret
 * Service such as GNOME Keyring or KWallet on Linux), as the CLI uses it: one secret per account.
 */
export interface Keychain {
  /** The secret kept under `account`, `undefined` when there is none; rejects when the store fails. */
  get(account: string): Promise<string | undefined>;
  /** Keeps `secret` under `account`, replacing what was there; rejects when the store fails. */
  set(account: string, secret: string): Promise<void>;
}

/** The service name the CLI's entries are kept under. */
export const KEYCHAIN_SERVICE = 'mcpkit';

/** How long one keychain call may take; a store that hangs (a locked keyring nobody unlocks) is given up on. */
const KEYCHAIN_TIMEOUT_MS = 20_000;

interface KeyringModule {
  AsyncEntry: new (
    service: string,
    account: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => {
    getPassword(signal?: AbortSignal): Promise<string | null>;
    setPassword(password: string, signal?: AbortSignal): Promise<void>;
  };
}

/**
 * The OS keychain through `@napi-rs/keyring`, an optional dependency loaded only when a login needs
 * it; `undefined` when it is not installed or cannot load (no prebuilt binary for this platform).
 * On Linux only a Secret Service is used: the kernel keyring the library would otherwise fall back to
 * forgets everything at reboot, and with it the key of the tokens.
 */
export async function osKeychain(): Promise<Keychain | undefined> {
  let keyring: KeyringModule;
  try {
    keyring = (await import('@napi-rs/keyring')) as unknown as KeyringModule;
  } catch {
    return undefined;
  }
  // The constructor throws when no Secret Service is running: the promise rejects, the caller falls back.
  const entry = async (account: string) =>
    new keyring.AsyncEntry(KEYCHAIN_SERVICE, account, { linux: { store: 'secret-service' } });
  return {
    async get(account) {
      const found = await (await entry(account)).getPassword(AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS));
      return found ?? undefined;
    },
    async set(account, secret) {
      await (await entry(account)).setPassword(secret, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS));
    },
  };
}
