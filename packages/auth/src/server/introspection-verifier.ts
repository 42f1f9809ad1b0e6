import { type BoundedRead, byteLimit, readBoundedBody } from '../shared/bounded-body.js';
import { ExpiringMap, tokenDigest } from './token-cache.js';
import { InvalidTokenError, type TokenVerifier, type VerifiedToken, verifiedToken } from './verifier.js';

/** Options of `introspectionVerifier`. */
export interface IntrospectionVerifierOptions {
  /** The authorization server's `introspection_endpoint` (RFC 7662). */
  endpoint: string | URL;
  /** This server's client credentials at the authorization server (HTTP Basic). */
  clientId: string;
  clientSecret: string;
  /** The audience an active token must name: this server's canonical resource URI (A-7, A-8). */
  audience: string | readonly string[];
  /** The issuer a response's `iss` must equal, when the response has one. */
  issuer?: string;
  /** How long an answer is reused, in ms (default 30 s; never past the token's `exp`); 0 turns caching off. */
  cacheTtlMs?: number;
  /** Most answers kept (default 10 000). */
  cacheMaxEntries?: number;
  /** Longest wait for the endpoint's answer, body included, in ms (default 3000). */
  timeoutMs?: number;
  /** Largest answer read, in bytes (default 64 KiB; real ones are under 1 KiB); larger refuses the token. */
  maxResponseBytes?: number;
  /** Leeway for `exp` and `nbf`, in seconds (default 10). */
  clockToleranceSec?: number;
  /** The `fetch` to call the endpoint with (default: the global one). */
  fetch?: typeof fetch;
}

type Answer = { ok: true; token: VerifiedToken } | { ok: false; reason: string };

/**
 * Verifies opaque access tokens by RFC 7662 introspection: the token must be `active`, name this
 * server as audience (A-7, A-8), be unexpired, and come from `issuer` when the response says.
 * Answers are cached briefly under a SHA-256 digest of the token, never the token itself (A-13).
 *
 * @example
 * ```ts
 * const verifier = introspectionVerifier({
 *   endpoint: 'https://auth.example.com/token/introspection',
 *   clientId: 'mcp-server',
 *   clientSecret: process.env.INTROSPECTION_SECRET!,
 *   audience: 'https://mcp.example.com/mcp',
 * });
 * ```
 */
export function introspectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const ttl = options.cacheTtlMs ?? 30_000;
  const cache = new ExpiringMap<Answer>(options.cacheMaxEntries ?? 10_000);
  const audiences = typeof options.audience === 'string' ? [options.audience] : options.audience;
  const leewayMs = (options.clockToleranceSec ?? 10) * 1000;
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${btoa(`${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`)}`;

  const endpoint = String(options.endpoint);
  const limit = byteLimit(options.maxResponseBytes, 64 * 1024, 'maxResponseBytes');

  async function introspect(token: string): Promise<Answer> {
    const signal = AbortSignal.timeout(options.timeoutMs ?? 3000);
    let body: unknown;
    try {
      const response = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        signal,
      });
      body = await readAnswer(response, {
        what: 'introspection response',
        url: endpoint,
        limit,
        option: 'maxResponseBytes',
        signal,
      });
    } catch (error) {
      throw new InvalidTokenError('The token could not be introspected', { cause: error });
    }
    return judge(body as Record<string, unknown>, audiences, options.issuer, leewayMs);
  }

  return {
    async verify(token) {
      const key = ttl > 0 ? await tokenDigest(token) : undefined;
      let answer = key === undefined ? undefined : cache.get(key);
      if (answer === undefined) {
        answer = await introspect(token);
        const expiresAt = answer.ok
          ? Math.min(Date.now() + ttl, answer.token.expiresAt ?? Infinity)
          : Date.now() + ttl;
        if (key !== undefined) cache.set(key, answer, expiresAt);
      }
      if (!answer.ok) throw new InvalidTokenError(answer.reason);
      if (answer.token.expiresAt !== undefined && answer.token.expiresAt + leewayMs <= Date.now()) {
        throw new InvalidTokenError('The access token expired');
      }
      return answer.token;
    },
  };
}

/** The JSON object of a 2xx answer, read within the limit; anything else is thrown. */
async function readAnswer(response: Response, read: BoundedRead): Promise<object> {
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`the introspection endpoint answered ${response.status}`);
  }
  const text = UTF8.decode(await readBoundedBody(response, read));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: refused below like any other non-object.
  }
  if (typeof body !== 'object' || body === null) {
    throw new Error(`the introspection endpoint answered ${response.status} without a JSON object`);
  }
  return body;
}

const UTF8 = new TextDecoder();

/** RFC 6749 §2.3.1: client credentials are form-encoded before Basic encoding. */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

function judge(
  claims: Record<string, unknown>,
  audiences: readonly string[],
  issuer: string | undefined,
  leewayMs: number,
): Answer {
  if (claims.active !== true) return { ok: false, reason: 'The access token is not active' };
  const now = Date.now();
  if (typeof claims.exp === 'number' && claims.exp * 1000 + leewayMs <= now) {
    return { ok: false, reason: 'The access token expired' };
  }
  if (typeof claims.nbf === 'number' && claims.nbf * 1000 - leewayMs > now) {
    return { ok: false, reason: 'The access token is not yet valid' };
  }
  const aud = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!aud.some((value) => audiences.includes(value))) {
    return { ok: false, reason: 'The access token was issued for another resource' };
  }
  if (issuer !== undefined && claims.iss !== undefined && claims.iss !== issuer) {
    return { ok: false, reason: 'The access token was issued by another authorization server' };
  }
  try {
    return { ok: true, token: verifiedToken(claims) };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}
