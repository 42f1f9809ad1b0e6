import type { Authorize } from './options.js';

const MESSAGE_KEY = 'mcpOAuthRedirect';

/** Options of `popupAuthorize`. */
export interface PopupOptions {
  /** `window.open` features. Default: a 500×700 popup. */
  features?: string;
  /** How long to wait for the user, in milliseconds. Default 5 minutes. */
  timeoutMs?: number;
}

/**
 * For browser apps: an `authorize` that opens the authorization URL in a popup and resolves with
 * the redirect, which the redirect page (same origin) hands back with `postAuthorizationResponse()`.
 * Messages from other origins or windows are ignored. Call it from a user gesture, or the browser
 * may block the popup.
 *
 * @example
 * ```ts
 * const auth = oauthClient(serverUrl, {
 *   redirectUrl: `${location.origin}/oauth-callback.html`, // that page calls postAuthorizationResponse()
 *   authorize: popupAuthorize(),
 * });
 * ```
 */
export function popupAuthorize(options: PopupOptions = {}): Authorize {
  return (url) =>
    new Promise<URL>((resolve, reject) => {
      const popup = globalThis.open(url.href, '_blank', options.features ?? 'popup,width=500,height=700');
      if (!popup) {
        reject(new Error('the sign-in popup was blocked'));
        return;
      }
      const origin = globalThis.location.origin;
      const finish = (outcome: () => void) => {
        globalThis.removeEventListener('message', onMessage);
        clearInterval(watch);
        clearTimeout(timer);
        outcome();
      };
      const onMessage = (event: MessageEvent) => {
        const redirect = (event.data as Record<string, unknown> | null)?.[MESSAGE_KEY];
        if (event.origin !== origin || event.source !== popup || typeof redirect !== 'string') return;
        finish(() => {
          popup.close();
          resolve(new URL(redirect));
        });
      };
      const watch = setInterval(() => {
        if (popup.closed) finish(() => reject(new Error('the sign-in window was closed')));
      }, 500);
      const timer = setTimeout(
        () => finish(() => reject(new Error('no sign-in came back in time'))),
        options.timeoutMs ?? 5 * 60_000,
      );
      globalThis.addEventListener('message', onMessage);
    });
}

/** On the redirect page of a popup login: hands this page's URL to the window that opened it, same origin only. */
export function postAuthorizationResponse(): void {
  const opener = globalThis.opener as Window | null | undefined;
  opener?.postMessage({ [MESSAGE_KEY]: globalThis.location.href }, globalThis.location.origin);
}
