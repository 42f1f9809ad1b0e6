import { type FetchLike, type OAuthClientOptions, oauthClient } from '../../src/index.js';

/** A recorded request to the mock world. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: URLSearchParams | Record<string, unknown> | undefined;
}

/** How the mock authorization server and MCP server behave; every field has a sensible default. */
export interface World {
  server: string;
  issuer: string;
  /** The Protected Resource Metadata, served where `prmPath` says; `undefined` serves none. */
  prm: Record<string, unknown> | undefined;
  prmPath: string;
  /** The challenge of a 401 (WWW-Authenticate). */
  challenge: string;
  /** AS metadata, served at `metadataPath` of the issuer's origin. */
  metadata: Record<string, unknown>;
  metadataPath: string;
  /** Extra parameters of the redirect back; `iss` is the issuer unless set here (`null` leaves it out). */
  redirect: Record<string, string | null>;
  /** The token response body and status. */
  token: (
    body: URLSearchParams,
    headers: Headers,
  ) => { status?: number; body: Record<string, unknown>; headers?: Record<string, string> };
  registration: { status?: number; body: Record<string, unknown> };
  /** What the MCP server answers a request carrying `authorization`. */
  resource: (authorization: string | null) => Response;
  seen: Seen[];
}

export function world(overrides: Partial<World> = {}): World {
  const server = overrides.server ?? 'https://mcp.test/mcp';
  const issuer = overrides.issuer ?? 'https://as.test';
  const base: World = {
    server,
    issuer,
    prm: { resource: server, authorization_servers: [issuer], scopes_supported: ['mcp:read'] },
    prmPath: '/.well-known/oauth-protected-resource/mcp',
    challenge: 'Bearer resource_metadata="https://mcp.test/.well-known/oauth-protected-resource/mcp"',
    metadata: {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      registration_endpoint: `${issuer}/register`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      authorization_response_iss_parameter_supported: true,
    },
    metadataPath: '/.well-known/oauth-authorization-server',
    redirect: {},
    token: () => ({
      body: { access_token: 'at-1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'rt-1' },
    }),
    registration: { body: { client_id: 'dcr-client' } },
    resource: (authorization) =>
      authorization === 'Bearer at-1'
        ? new Response('{}', { status: 200 })
        : new Response(null, { status: 401, headers: { 'www-authenticate': base.challenge } }),
    seen: [],
  };
  return Object.assign(base, overrides, { seen: [] });
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function readBody(request: Request): Promise<Seen['body']> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return new URLSearchParams(await request.text());
  if (type.includes('json')) return (await request.json()) as Record<string, unknown>;
  return undefined;
}

/** The mock world's fetch: PRM and MCP on the server's origin, metadata, registration, authorize and token on the issuer's. */
export function mockFetch(w: World): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = await readBody(request);
    w.seen.push({ method: request.method, url, headers: request.headers, body });
    const server = new URL(w.server);
    const issuer = new URL(w.issuer);
    if (url.origin === server.origin && url.pathname === w.prmPath && w.prm) return json(w.prm);
    if (url.href === server.href && request.method === 'POST')
      return w.resource(request.headers.get('authorization'));
    if (url.origin === issuer.origin && url.pathname === w.metadataPath) return json(w.metadata);
    if (url.href === `${w.issuer}/register`) return json(w.registration.body, w.registration.status ?? 201);
    if (url.href === `${w.issuer}/token`) {
      const answer = w.token(body as URLSearchParams, request.headers);
      return json(answer.body, answer.status ?? 200, { 'cache-control': 'no-store', ...answer.headers });
    }
    return new Response('not found', { status: 404 });
  };
}

/** The user's part: the mock authorization server approves at once and redirects back. */
export function approve(w: World) {
  const requests: URL[] = [];
  const authorize = async (url: URL): Promise<URL> => {
    requests.push(url);
    w.seen.push({ method: 'GET', url, headers: new Headers(), body: undefined });
    const back = new URL(url.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', 'code-1');
    const state = url.searchParams.get('state');
    if (state) back.searchParams.set('state', state);
    const params: Record<string, string | null> = { iss: w.issuer, ...w.redirect };
    for (const [name, value] of Object.entries(params))
      if (value !== null) back.searchParams.set(name, value);
    return back;
  };
  return { authorize, requests };
}

/** The 401 the MCP server sends without a token, as the transport would hand it over. */
export function unauthorized(w: World, challenge = w.challenge): Response {
  return new Response(null, { status: 401, headers: { 'www-authenticate': challenge } });
}

export const REQUEST = { method: 'POST', url: 'https://mcp.test/mcp', attempt: 0 };

export const REDIRECT = 'http://127.0.0.1:8765/callback';

/** The requests made to a path of the mock world, in order. */
export function requestsTo(w: World, path: string): Seen[] {
  return w.seen.filter((seen) => seen.url.pathname === path);
}

/** The form bodies of the requests to the token endpoint, in order. */
export function tokenRequests(w: World): URLSearchParams[] {
  return requestsTo(w, '/token').map((seen) => seen.body as URLSearchParams);
}

/** An OAuth client of the mock world, with a user who approves at once. */
export function login(w: World, options: Partial<OAuthClientOptions> = {}) {
  const user = approve(w);
  const client = oauthClient(w.server, {
    fetch: mockFetch(w),
    redirectUrl: REDIRECT,
    authorize: user.authorize,
    ...options,
  });
  return { client, user };
}
