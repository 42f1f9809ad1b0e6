import { afterEach, describe, expect, it, vi } from 'vitest';

/** `osKeychain` with `@napi-rs/keyring` replaced by `factory`. */
async function osKeychainWith(factory: () => Record<string, unknown>) {
  vi.resetModules();
  vi.doMock('@napi-rs/keyring', factory);
  return (await import('../src/auth/keychain.js')).osKeychain();
}

afterEach(() => {
  vi.doUnmock('@napi-rs/keyring');
});

describe('the OS keychain through @napi-rs/keyring', () => {
  it('is none when the optional dependency is not installed or cannot load', async () => {
    expect(
      await osKeychainWith(() => {
        throw new Error("Cannot find module '@napi-rs/keyring'");
      }),
    ).toBeUndefined();
  });

  it('uses the service mcpkit, and on Linux only a Secret Service (the kernel keyring forgets at reboot)', async () => {
    const made: unknown[][] = [];
    const stored = new Map<string, string>();
    class AsyncEntry {
      constructor(...args: unknown[]) {
        made.push(args);
      }
      async getPassword() {
        return stored.get(made.at(-1)![1] as string) ?? null;
      }
      async setPassword(password: string) {
        stored.set(made.at(-1)![1] as string, password);
      }
    }
    const keychain = await osKeychainWith(() => ({ AsyncEntry }));
    expect(await keychain!.get('a')).toBeUndefined();
    await keychain!.set('a', 'secret');
    expect(await keychain!.get('a')).toBe('secret');
    expect(made[0]).toEqual(['mcpkit', 'a', { linux: { store: 'secret-service' } }]);
  });

  it('rejects, for the caller to fall back, when no Secret Service runs', async () => {
    class AsyncEntry {
      constructor() {
        throw new Error('Platform failure: DBus error');
      }
    }
    const keychain = await osKeychainWith(() => ({ AsyncEntry }));
    await expect(keychain!.get('a')).rejects.toThrow('DBus error');
    await expect(keychain!.set('a', 'x')).rejects.toThrow('DBus error');
  });
});
