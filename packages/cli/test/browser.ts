// What a browser does after `mcpkit login` prints the authorization URL, for an authorization server
// that consents at once (apps/oauth-demo): follows redirects, keeping its cookies.

/** A cookie jar for one user agent: the authorization server keeps its interaction in cookies. */
class Cookies {
  readonly #values = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.#values.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }

  header(): string {
    return [...this.#values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Follows redirects from `start` until one goes where `arrived` says; resolves with that URL. */
export async function followRedirects(start: string, arrived: (url: URL) => boolean): Promise<URL> {
  const cookies = new Cookies();
  let next = new URL(start);
  for (let hops = 0; hops < 10; hops++) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: cookies.header() } });
    cookies.take(response);
    const location = response.headers.get('location');
    if (location === null) throw new Error(`${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next);
    if (arrived(next)) return next;
  }
  throw new Error(`no redirect arrived within 10 hops, last ${next}`);
}
