import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OAuthClientError } from '../src/index.js';
import { EncryptedFileTokenStore, loopbackRedirect } from '../src/node/index.js';

describe('loopbackRedirect', () => {
  it('A-35: listens on 127.0.0.1 on a random port and resolves with the redirect the browser brings', async () => {
    const redirect = await loopbackRedirect({
      open: async () => {
        const stray = await fetch(redirect.redirectUrl.replace('/callback', '/other'));
        expect(stray.status).toBe(404);
        const page = await fetch(`${redirect.redirectUrl}?code=c-1&state=s-1&iss=https%3A%2F%2Fas.test`);
        expect(page.status).toBe(200);
        expect(page.headers.get('cache-control')).toBe('no-store');
      },
    });
    try {
      expect(redirect.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const url = await redirect.authorize(new URL('https://as.test/authorize'));
      expect(Object.fromEntries(url.searchParams)).toEqual({
        code: 'c-1',
        state: 's-1',
        iss: 'https://as.test',
      });
    } finally {
      await redirect.close();
    }
  });

  it('a redirect with nobody waiting is refused, and closing fails a waiting login', async () => {
    const redirect = await loopbackRedirect({ open: () => undefined });
    expect((await fetch(`${redirect.redirectUrl}?code=x`)).status).toBe(404);
    const waiting = redirect.authorize(new URL('https://as.test/authorize'));
    await redirect.close();
    await expect(waiting).rejects.toThrow(/closed/);
  });

  it('gives up after timeoutMs', async () => {
    const redirect = await loopbackRedirect({ open: () => undefined, timeoutMs: 50 });
    await expect(redirect.authorize(new URL('https://as.test/authorize'))).rejects.toThrow(/within/);
    await redirect.close();
  });
});

describe('EncryptedFileTokenStore (A-13, A-40)', () => {
  const tokens = {
    accessToken: 'secret-access-token',
    tokenType: 'bearer',
    refreshToken: 'secret-refresh-token',
  };

  it('A-40: keeps tokens and registrations encrypted, owner-only, and reads them back with the key', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'mcpkit-auth-')), 'nested', 'tokens.json');
    const store = await EncryptedFileTokenStore.open(path, 'correct horse battery staple');
    await store.setTokens('https://mcp.test/mcp', 'https://as.test', tokens);
    await store.setClient('https://as.test', { clientId: 'c', clientSecret: 'secret-client-secret' });
    const text = await readFile(path, 'utf8');
    expect(text).not.toMatch(/secret-|mcp\.test|as\.test/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const reopened = await EncryptedFileTokenStore.open(path, 'correct horse battery staple');
    expect(await reopened.getTokens('https://mcp.test/mcp', 'https://as.test')).toEqual(tokens);
    expect(await reopened.getClient('https://as.test')).toEqual({
      clientId: 'c',
      clientSecret: 'secret-client-secret',
    });
  });

  it('a wrong key is a misconfigured error, a raw key must be 32 bytes', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'mcpkit-auth-')), 'tokens.json');
    const key = crypto.getRandomValues(new Uint8Array(32));
    const store = await EncryptedFileTokenStore.open(path, key);
    await store.setTokens('https://mcp.test/mcp', 'https://as.test', tokens);
    expect(
      await (await EncryptedFileTokenStore.open(path, key)).getTokens(
        'https://mcp.test/mcp',
        'https://as.test',
      ),
    ).toEqual(tokens);
    const wrong = await EncryptedFileTokenStore.open(path, crypto.getRandomValues(new Uint8Array(32))).catch(
      (e: unknown) => e,
    );
    expect(wrong).toBeInstanceOf(OAuthClientError);
    expect(wrong).toMatchObject({ code: 'misconfigured' });
    await expect(EncryptedFileTokenStore.open(path, new Uint8Array(16))).rejects.toThrow(RangeError);
  });

  it('forgetting tokens removes them from the file', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'mcpkit-auth-')), 'tokens.json');
    const store = await EncryptedFileTokenStore.open(path, 'pass');
    await store.setTokens('https://mcp.test/mcp', 'https://as.test', tokens);
    await store.setTokens('https://mcp.test/mcp', 'https://as.test', undefined);
    const reopened = await EncryptedFileTokenStore.open(path, 'pass');
    expect(await reopened.getTokens('https://mcp.test/mcp', 'https://as.test')).toBeUndefined();
  });
});
