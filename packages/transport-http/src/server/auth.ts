import type { AuthInfo, HttpRequestInfo } from '@mcpkit/protocol';
import {
  type Challenge,
  type ChallengeError,
  readAuthorization,
  wwwAuthenticate,
} from '@mcpkit/protocol/internal';

export type { HttpRequestInfo } from '@mcpkit/protocol';

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

function challenge(
  status: 400 | 401 | 403,
  options: BearerAuthOptions,
  error?: { code: ChallengeError; description: string },
): Response {
  const value: Challenge = {};
  if (error) {
    value.error = error.code;
    value.description = error.description;
  }
  if (options.requiredScopes) value.scopes = options.requiredScopes;
  if (options.resourceMetadataUrl) value.resourceMetadata = options.resourceMetadataUrl;
  return new Response(null, { status, headers: { 'WWW-Authenticate': wwwAuthenticate(value) } });
}

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
    const read = readAuthorization(header);
    if (read.kind !== 'token' || read.scheme !== 'Bearer') {
      return challenge(400, options, { code: 'invalid_request', description: 'Malformed bearer token' });
    }
    const auth = await options.verifyToken(read.token, request);
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
