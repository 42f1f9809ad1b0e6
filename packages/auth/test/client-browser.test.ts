import { afterEach, describe, expect, it, vi } from 'vitest';
import { popupAuthorize, postAuthorizationResponse } from '../src/index.js';

/** A stand-in for the browser window and its popup. */
function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  vi.stubGlobal('location', { origin: 'https://app.test', href: 'https://app.test/cb?code=c&state=s' });
  vi.stubGlobal(
    'open',
    vi.fn(() => popup),
  );
  vi.stubGlobal('addEventListener', (_: string, listener: (event: MessageEvent) => void) =>
    listeners.add(listener),
  );
  vi.stubGlobal('removeEventListener', (_: string, listener: (event: MessageEvent) => void) =>
    listeners.delete(listener),
  );
  const post = (data: unknown, origin: string, source: unknown) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  return { popup, post, listeners };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('browser login helpers', () => {
  it('popupAuthorize opens the URL and takes the redirect only from its popup, on this origin', async () => {
    const { popup, post, listeners } = fakeWindow();
    const pending = popupAuthorize()(new URL('https://as.test/authorize?x=1'));
    expect(globalThis.open).toHaveBeenCalledWith(
      'https://as.test/authorize?x=1',
      '_blank',
      expect.any(String),
    );
    post({ mcpOAuthRedirect: 'https://evil.test/cb?code=x' }, 'https://evil.test', popup);
    post({ mcpOAuthRedirect: 'https://app.test/cb?code=y' }, 'https://app.test', {});
    post({ mcpOAuthRedirect: 'https://app.test/cb?code=c&state=s' }, 'https://app.test', popup);
    expect(String(await pending)).toBe('https://app.test/cb?code=c&state=s');
    expect(popup.close).toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });

  it('a blocked or closed popup fails the login', async () => {
    const { popup } = fakeWindow();
    vi.useFakeTimers();
    const closed = popupAuthorize()(new URL('https://as.test/authorize'));
    popup.closed = true;
    vi.advanceTimersByTime(600);
    await expect(closed).rejects.toThrow(/closed/);
    vi.stubGlobal('open', () => null);
    await expect(popupAuthorize()(new URL('https://as.test/authorize'))).rejects.toThrow(/blocked/);
  });

  it('postAuthorizationResponse hands this page URL to its opener, for this origin only', () => {
    fakeWindow();
    const opener = { postMessage: vi.fn() };
    vi.stubGlobal('opener', opener);
    postAuthorizationResponse();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { mcpOAuthRedirect: 'https://app.test/cb?code=c&state=s' },
      'https://app.test',
    );
  });
});
