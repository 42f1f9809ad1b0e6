// An OAuth 2.1 client written with plain fetch, just enough for the end-to-end test: discovery,
// dynamic registration, authorization code with PKCE (consent is automated by the demo), tokens.

const REDIRECT_URI = 'http://127.0.0.1:1/callback';

export interface Discovery {
  resourceMetadata: Record<string, unknown>;
  issuer: string;
  authorizationServer: Record<string, string | string[]>;
}

export interface Tokens {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

/** The quoted parameters of a `WWW-Authenticate` value, by name. */
export function challengeParams(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of (header ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) out[match[1]!] = match[2]!;
  return out;
}

function base64url(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url');
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Discovery from a 401's `resource_metadata` (A-15): the PRM, then the AS metadata. */
export async function discover(resourceMetadataUrl: string): Promise<Discovery> {
  const resourceMetadata = await json<Record<string, unknown>>(await fetch(resourceMetadataUrl));
  const issuer = (resourceMetadata.authorization_servers as string[])[0]!;
  const authorizationServer = await json<Record<string, string | string[]>>(
    await fetch(`${issuer}/.well-known/openid-configuration`),
  );
  return { resourceMetadata, issuer, authorizationServer };
}

/** Dynamic client registration (RFC 7591) of a public native client. */
export async function register(discovery: Discovery): Promise<string> {
  const response = await fetch(discovery.authorizationServer.registration_endpoint as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'mcpkit e2e',
      application_type: 'native',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  return (await json<{ client_id: string }>(response)).client_id;
}

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

/**
 * What a browser does after the user is sent to `authorizationUrl`: follows redirects, keeping
 * the authorization server's cookies (the demo consents at once), until one goes to
 * `redirectUri`; resolves with that URL.
 */
export async function followRedirects(authorizationUrl: string, redirectUri: string): Promise<URL> {
  const cookies = new Cookies();
  let next = authorizationUrl;
  for (let hops = 0; hops < 10 && !next.startsWith(redirectUri); hops++) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: cookies.header() } });
    cookies.take(response);
    const location = response.headers.get('location');
    if (location === null) throw new Error(`${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next).href;
  }
  return new URL(next);
}

/**
 * The authorization code flow with PKCE S256 and `resource`: follows the
 * redirects a browser would (the demo consents at once) and redeems the code.
 */
/** Makes a DPoP proof (RFC 9449) for a request, when the client binds its tokens to a key. */
export type ProofMaker = (htm: string, htu: string) => Promise<string>;

export async function authorize(
  discovery: Discovery,
  clientId: string,
  resource: string,
  scope: string,
  dpop?: ProofMaker,
): Promise<Tokens> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const url = new URL(discovery.authorizationServer.authorization_endpoint as string);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource,
  })) {
    url.searchParams.set(name, value);
  }
  const callback = await followRedirects(url.href, REDIRECT_URI);
  if (callback.searchParams.get('state') !== state) throw new Error(`state mismatch: ${callback}`);
  if (callback.searchParams.get('iss') !== discovery.issuer) throw new Error(`iss mismatch: ${callback}`);
  const code = callback.searchParams.get('code');
  if (code === null) throw new Error(`no code: ${callback}`);
  const form = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    code_verifier: verifier,
    resource,
  };
  return token(discovery, form, dpop);
}

/** A token endpoint request; the raw response for refusals, parsed tokens otherwise. */
export async function tokenResponse(
  discovery: Discovery,
  form: Record<string, string>,
  dpop?: ProofMaker,
): Promise<Response> {
  const endpoint = discovery.authorizationServer.token_endpoint as string;
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (dpop !== undefined) headers.dpop = await dpop('POST', endpoint);
  return fetch(endpoint, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
}

export async function token(
  discovery: Discovery,
  form: Record<string, string>,
  dpop?: ProofMaker,
): Promise<Tokens> {
  return json<Tokens>(await tokenResponse(discovery, form, dpop));
}

/** RFC 7009 revocation by a public client. */
export async function revoke(discovery: Discovery, clientId: string, value: string): Promise<number> {
  const response = await fetch(discovery.authorizationServer.revocation_endpoint as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: value, client_id: clientId }).toString(),
  });
  return response.status;
}
