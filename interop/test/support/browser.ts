/** What the loopback callback answered the "browser". */
export interface CallbackPage {
  /** The callback URL the authorization server redirected to, with its `code`, `state`, `iss`. */
  url: URL;
  status: number;
  text: string;
}

/**
 * What a person's browser does with an authorization URL when the authorization server consents
 * at once (apps/oauth-demo does, for its one user): follows the redirects, keeping the
 * authorization server's cookies (its interaction lives in them), until one goes to the URL's
 * `redirect_uri`, then loads that callback page.
 */
export async function signInAsBrowser(authorizationUrl: URL): Promise<CallbackPage> {
  const redirectUri = authorizationUrl.searchParams.get('redirect_uri');
  if (redirectUri === null) throw new Error(`no redirect_uri in ${authorizationUrl}`);
  const cookies = new Map<string, string>();
  let next = authorizationUrl.href;
  for (let hops = 0; !next.startsWith(redirectUri); hops++) {
    if (hops === 10) throw new Error(`no redirect to ${redirectUri} after 10 hops`);
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0]!;
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location === null) throw new Error(`${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next).href;
  }
  const page = await fetch(next);
  return { url: new URL(next), status: page.status, text: await page.text() };
}
