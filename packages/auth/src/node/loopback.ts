import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of `loopbackRedirect`. */
export interface LoopbackRedirectOptions {
  /** Shows the authorization URL to the user, e.g. opens the browser. Default: prints it on stderr. */
  open?: (url: URL) => void | Promise<void>;
  /** The callback path. Default `/callback`. */
  path?: string;
  /** How long to wait for the user, in milliseconds. Default 5 minutes. */
  timeoutMs?: number;
  /** The page the browser shows after the redirect. */
  successHtml?: string;
}

/** A redirect listener on `127.0.0.1` for a CLI's login; pass its parts to `oauthClient`. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<random port>/callback`: the `redirectUrl` option. */
  readonly redirectUrl: string;
  /** The `authorize` option: shows the URL, resolves with the redirect the browser brings back. */
  authorize(authorizationUrl: URL): Promise<URL>;
  /** Stops listening; a login still waiting fails. */
  close(): Promise<void>;
}

const DONE_HTML =
  '<!doctype html><title>Signed in</title><p>You are signed in. You can close this window.</p>';

function printUrl(url: URL): void {
  process.stderr.write(`Open this URL in your browser to sign in:\n${url.href}\n`);
}

/**
 * Listens on `127.0.0.1` on a random free port for the authorization server's redirect (RFC 8252
 * loopback redirect; `localhost` only, A-35). One login at a time; the listener serves nothing else.
 *
 * @example
 * ```ts
 * const redirect = await loopbackRedirect({ open: (url) => console.error(`Sign in: ${url}`) });
 * const auth = oauthClient(serverUrl, { redirectUrl: redirect.redirectUrl, authorize: redirect.authorize });
 * // … use the client, then:
 * await redirect.close();
 * ```
 */
export async function loopbackRedirect(options: LoopbackRedirectOptions = {}): Promise<LoopbackRedirect> {
  const path = options.path ?? '/callback';
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  let waiting: { resolve: (url: URL) => void; reject: (error: Error) => void } | undefined;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    if (request.method !== 'GET' || url.pathname !== path || !waiting) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(options.successHtml ?? DONE_HTML);
    waiting.resolve(url);
    waiting = undefined;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    redirectUrl: `http://127.0.0.1:${port}${path}`,

    async authorize(authorizationUrl) {
      if (waiting) throw new Error('a login is already waiting for its redirect');
      const callback = new Promise<URL>((resolve, reject) => {
        waiting = { resolve, reject };
      });
      const timer = setTimeout(() => {
        waiting?.reject(new Error(`no redirect came back within ${timeoutMs / 1000} s`));
        waiting = undefined;
      }, timeoutMs);
      try {
        await (options.open ?? printUrl)(authorizationUrl);
        return await callback;
      } finally {
        clearTimeout(timer);
        waiting = undefined;
      }
    },

    async close() {
      waiting?.reject(new Error('the redirect listener was closed'));
      waiting = undefined;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
