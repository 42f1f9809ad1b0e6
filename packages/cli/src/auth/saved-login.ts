import type { OAuthClient } from '@mcpkit/auth';
import type { HttpAuthProvider } from '@mcpkit/transport-http';
import { configDir } from './config-dir.js';
import { Credentials } from './credentials.js';
import { serverOAuth } from './oauth.js';

/** Where a new authorization would send the user: nowhere, as only `mcpkit login` asks the user. */
const NO_REDIRECT = 'http://127.0.0.1/callback';

async function savedOAuth(serverUrl: string, env: NodeJS.ProcessEnv): Promise<OAuthClient | undefined> {
  const credentials = await Credentials.open(configDir(env));
  if (!credentials.hasLogin(serverUrl)) return undefined;
  const secret = await credentials.secret(env);
  if (secret === undefined) return undefined;
  return serverOAuth(serverUrl, credentials, secret, {
    redirectUrl: NO_REDIRECT,
    authorize: async () => {
      throw new Error(`the login no longer covers this request: run \`mcpkit login ${serverUrl}\` again`);
    },
  });
}

/**
 * The auth provider of every command that talks to `serverUrl` over HTTP: the tokens `mcpkit login`
 * stored for it, refreshed when they expire. Without a login, a server that answers 401 gets the
 * advice to log in. Nothing is read before the first request.
 */
export function savedLogin(serverUrl: string, env: NodeJS.ProcessEnv = process.env): HttpAuthProvider {
  let oauth: Promise<OAuthClient | undefined> | undefined;
  const loaded = () => {
    oauth ??= savedOAuth(serverUrl, env);
    return oauth;
  };
  return {
    async headers(request) {
      return (await loaded())?.headers(request);
    },
    async onUnauthorized(response, request) {
      const saved = await loaded();
      if (saved === undefined) {
        throw new Error(`the server asks for authorization: run \`mcpkit login ${serverUrl}\` first`);
      }
      return saved.onUnauthorized(response, request);
    },
  };
}
