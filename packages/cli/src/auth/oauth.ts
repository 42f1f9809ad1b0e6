import { type Authorize, type FetchLike, type OAuthClient, oauthClient } from '@mcpkit/auth';
import type { Credentials } from './credentials.js';

/** How the user's part of a new authorization runs: a real loopback redirect, or none at all. */
export interface Redirect {
  redirectUrl: string;
  authorize: Authorize;
}

/** The OAuth client of `serverUrl` over the CLI's stored tokens, registrations and DPoP key (`fetch`: its requests). */
export async function serverOAuth(
  serverUrl: string,
  credentials: Credentials,
  secret: string | Uint8Array,
  redirect: Redirect,
  fetch?: FetchLike,
): Promise<OAuthClient> {
  return oauthClient(serverUrl, {
    clientName: 'mcpkit',
    ...redirect,
    store: await credentials.storeFor(serverUrl, secret),
    dpop: await credentials.dpopKey(),
    ...(fetch === undefined ? {} : { fetch }),
  });
}
