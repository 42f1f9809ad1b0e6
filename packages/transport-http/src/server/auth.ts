import type { AuthInfo } from '@mcpkit/protocol';

/** What an authentication hook sees of a request. */
export interface HttpRequestInfo {
  readonly method: string;
  /** The absolute request URL. */
  readonly url: string;
  readonly headers: Headers;
}

/**
 * Authenticates an MCP request: the caller's `AuthInfo` (a plain object), `undefined` for an
 * anonymous caller that may proceed, or a `Response` (usually 401 or 403) to send instead of
 * serving it; a response of another class or realm (a polyfill's) is recognised by its
 * `status`, `headers` and `arrayBuffer()`. A hook that throws or returns anything else gets
 * 500 and the request is not served.
 */
export type Authenticate = (
  request: HttpRequestInfo,
) => AuthInfo | Response | undefined | Promise<AuthInfo | Response | undefined>;

/** Options of `bearerAuth`. */
export interface BearerAuthOptions {
  /**
   * Checks an access token (signature, expiry, audience = this server) and returns
   * who holds it, or `undefined` when it is not valid.
   */
  verifyToken(token: string, request: HttpRequestInfo): AuthInfo | undefined | Promise<AuthInfo | undefined>;
  /** Scopes every request needs; a token missing one gets 403 `insufficient_scope`. */
  requiredScopes?: readonly string[];
  /** URL of this server's Protected Resource Metadata, named in every challenge. */
  resourceMetadataUrl?: string;
  /** Let requests without an `Authorization` header through anonymously (default `false`). */
  optional?: boolean;
}

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

function challenge(
  status: 400 | 401 | 403,
  options: BearerAuthOptions,
  error?: { code: string; description: string },
): Response {
  const params: string[] = [];
  if (error) params.push(`error=${quoted(error.code)}`, `error_description=${quoted(error.description)}`);
  if (options.requiredScopes?.length) params.push(`scope=${quoted(options.requiredScopes.join(' '))}`);
  if (options.resourceMetadataUrl) params.push(`resource_metadata=${quoted(options.resourceMetadataUrl)}`);
  const value = params.length === 0 ? 'Bearer' : `Bearer ${params.join(', ')}`;
  return new Response(null, { status, headers: { 'WWW-Authenticate': value } });
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;

/**
 * An `authenticate` hook for OAuth bearer tokens (RFC 6750): no token or an invalid or expired
 * one is 401 with a `WWW-Authenticate` challenge naming the resource metadata; a malformed
 * `Authorization` header is 400; a token missing a required scope is 403 `insufficient_scope`
 * listing every scope needed.
 *
 * @example
 * ```ts
 * const handler = createFetchHandler(server, {
 *   authenticate: bearerAuth({
 *     verifyToken: (token) => myVerifier(token), // { principal, scopes, expiresAt } or undefined
 *     requiredScopes: ['mcp:tools'],
 *     resourceMetadataUrl: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
 *   }),
 * });
 * ```
 */
export function bearerAuth(options: BearerAuthOptions): Authenticate {
  return async (request) => {
    const header = request.headers.get('authorization');
    if (header === null) return options.optional ? undefined : challenge(401, options);
    const token = BEARER.exec(header)?.[1];
    if (token === undefined) {
      return challenge(400, options, { code: 'invalid_request', description: 'Malformed bearer token' });
    }
    const auth = await options.verifyToken(token, request);
    if (auth === undefined) {
      return challenge(401, options, { code: 'invalid_token', description: 'The access token is invalid' });
    }
    if (auth.expiresAt !== undefined && auth.expiresAt <= Date.now()) {
      return challenge(401, options, { code: 'invalid_token', description: 'The access token expired' });
    }
    const granted = new Set(auth.scopes ?? []);
    if (options.requiredScopes?.some((scope) => !granted.has(scope))) {
      return challenge(403, options, {
        code: 'insufficient_scope',
        description: 'The access token lacks a required scope',
      });
    }
    return auth;
  };
}
