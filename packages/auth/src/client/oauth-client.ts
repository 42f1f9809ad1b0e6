import type * as oauth from 'oauth4webapi';
import { canonicalResourceUri } from '../server/resource-metadata.js';
import { authorizationCodeFlow, refreshFlow } from './authorization-code.js';
import { type ResourceChallenge, readResourceChallenge } from './challenge.js';
import { chooseAuthorizationServer, discoverResourceMetadata, type ResourceMetadata } from './discovery.js';
import { DpopKey } from './dpop.js';
import { OAuthClientError } from './errors.js';
import type { FlowContext } from './flow-context.js';
import { DEFAULT_MAX_RESPONSE_BYTES, type HttpContext, isLoopbackHttp } from './http.js';
import { type Bindings, resolveIdentity } from './identity.js';
import { machineGrantFlow } from './machine-grants.js';
import type { OAuthClientOptions } from './options.js';
import { chooseScopes, unionScopes } from './scopes.js';
import { MemoryTokenStore, type StoredTokens } from './token-store.js';

/** The request the HTTP transport asks about (the shape of its `HttpAuthRequest`). */
export interface AuthRequest {
  method: string;
  url: string;
}

/**
 * OAuth 2.1 for one MCP server, as the auth provider of `@mcpkit/transport-http`'s client
 * transport (structurally its `HttpAuthProvider`). Holds its tokens privately: they appear in no
 * property, message or log (A-13).
 */
export interface OAuthClient {
  /** `Authorization` (and a fresh `DPoP` proof) for a request; nothing before the first login. */
  headers(request: AuthRequest): Promise<Record<string, string> | undefined>;
  /** Acts on a 401/403: logs in, refreshes, steps up or takes a DPoP nonce; true to retry. */
  onUnauthorized(response: Response, request: AuthRequest & { attempt: number }): Promise<boolean>;
  /** Logs in now, discovering the server from its well-known metadata, instead of on the first 401. */
  login(): Promise<void>;
  /** Forgets this server's tokens, here and in the store. */
  logout(): Promise<void>;
}

/** The discovered servers and the client's identity there. */
type Session = Omit<FlowContext, 'http' | 'options'>;

const EXPIRY_MARGIN_MS = 30_000;

function expired(tokens: StoredTokens): boolean {
  return tokens.expiresAt !== undefined && tokens.expiresAt - EXPIRY_MARGIN_MS <= Date.now();
}

function checkOptions(options: OAuthClientOptions): void {
  const limit = options.maxResponseBytes;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit > 0)) {
    throw new OAuthClientError('misconfigured', 'maxResponseBytes must be a positive whole number of bytes');
  }
  if (!options.grant && (!options.authorize || !options.redirectUrl)) {
    throw new OAuthClientError('misconfigured', 'oauthClient needs authorize and redirectUrl, or a grant');
  }
  const redirect = options.redirectUrl;
  if (redirect !== undefined) {
    const url = URL.canParse(redirect) ? new URL(redirect) : undefined;
    // HTTPS, or http on a loopback address; other schemes are a native app's private-use ones.
    if (!url || (url.protocol === 'http:' && !isLoopbackHttp(url))) {
      throw new OAuthClientError(
        'misconfigured',
        'redirectUrl must be https, or http on localhost or 127.0.0.1',
      );
    }
  }
  const document = options.clientMetadataUrl;
  if (document !== undefined) {
    const url = URL.canParse(document) ? new URL(document) : undefined;
    // an https URL with a path.
    if (url?.protocol !== 'https:' || url.pathname === '/') {
      throw new OAuthClientError('misconfigured', 'clientMetadataUrl must be an https URL with a path');
    }
  }
}

/**
 * Makes the OAuth client of one MCP server: pass it as `authProvider` to the HTTP client transport.
 * On the first 401 it discovers the authorization server (A-15..A-19), gets a client identity
 * (A-20..A-27), and runs the authorization code flow with PKCE through `authorize` (A-28..A-35), or
 * the machine `grant`; then it sends the token on every request, refreshes it and steps
 * up on 403 `insufficient_scope`.
 *
 * @example
 * ```ts
 * const auth = oauthClient('https://mcp.example.com/mcp', {
 *   clientName: 'My agent',
 *   redirectUrl: 'http://127.0.0.1:8765/callback',
 *   authorize: async (url) => waitForRedirect(url), // open the browser, await the callback URL
 * });
 * const transport = createHttpClientTransport('https://mcp.example.com/mcp', { authProvider: auth });
 * ```
 */
export function oauthClient(serverUrl: string | URL, options: OAuthClientOptions): OAuthClient {
  checkOptions(options);
  const server = String(serverUrl);
  const http: HttpContext = {
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: options.timeoutMs ?? 30_000,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
  };
  const store = options.store ?? new MemoryTokenStore();
  const bindings: Bindings = new WeakMap();
  const stepUps = new Map<string, number>();
  const maxStepUps = options.maxStepUps ?? 1;
  const offlineAccess = options.offlineAccess ?? true;
  let session: Session | undefined;
  let tokens: StoredTokens | undefined;
  let dpopKey: Promise<DpopKey> | undefined;
  let busy: Promise<boolean> | undefined;

  function context(of: Session): FlowContext {
    return { ...of, http, options };
  }

  /** DPoP when asked for (RFC 9449): by option, or in `auto` when both servers speak it. */
  function wantsDpop(
    as: oauth.AuthorizationServer,
    resource: ResourceMetadata,
    challenge?: ResourceChallenge,
  ) {
    const setting = options.dpop ?? 'auto';
    if (setting === false) return false;
    const algs = as.dpop_signing_alg_values_supported;
    if (!Array.isArray(algs) || !algs.includes('ES256')) return typeof setting === 'object';
    if (setting !== 'auto') return true;
    return (
      challenge?.scheme === 'dpop' ||
      resource.dpop_bound_access_tokens_required === true ||
      Array.isArray(resource.dpop_signing_alg_values_supported)
    );
  }

  async function establish(challenge?: ResourceChallenge): Promise<Session> {
    const resourceMetadata = await discoverResourceMetadata(http, server, challenge?.resourceMetadata);
    const as = await chooseAuthorizationServer(http, resourceMetadata, options.preferAuthorizationServers);
    const identity = await resolveIdentity(http, as, options, store, bindings);
    let dpop: DpopKey | undefined;
    if (wantsDpop(as, resourceMetadata, challenge)) {
      dpopKey ??= DpopKey.create(typeof options.dpop === 'object' ? options.dpop : undefined);
      dpop = await dpopKey;
    }
    return {
      resourceMetadata,
      as,
      identity,
      resource: canonicalResourceUri(resourceMetadata.resource),
      dpop,
    };
  }

  async function keep(of: Session, obtained: StoredTokens): Promise<void> {
    const bound = obtained.tokenType === 'dpop' && of.dpop;
    const fresh = bound ? { ...obtained, dpopKeyThumbprint: of.dpop!.thumbprint } : obtained;
    session = of;
    tokens = fresh;
    await store.setTokens(of.resource, of.as.issuer, fresh);
  }

  /** Stored tokens this process can send: DPoP-bound ones only with the key they are bound to. */
  function sendable(stored: StoredTokens | undefined, of: Session): StoredTokens | undefined {
    if (stored?.tokenType !== 'dpop') return stored;
    return of.dpop && stored.dpopKeyThumbprint === of.dpop.thumbprint ? stored : undefined;
  }

  /** Gets tokens for the session: from the store, by refresh, else by a new grant. */
  async function authorize(challenge: ResourceChallenge | undefined, rejected: StoredTokens | undefined) {
    const next = await establish(challenge);
    const usable = sendable(await store.getTokens(next.resource, next.as.issuer), next);
    if (usable && usable.accessToken !== rejected?.accessToken && !expired(usable)) {
      session = next;
      tokens = usable;
      return;
    }
    if (usable?.refreshToken) {
      try {
        return await keep(next, await refreshFlow(context(next), usable));
      } catch {
        // An unusable refresh token: fall through to a new authorization.
      }
    }
    // The scopes asked for before stay in the new request, whichever server grants them now.
    await keep(
      next,
      await grant(
        next,
        chooseScopes(challenge, next.resourceMetadata, next.as, rejected?.scopes, offlineAccess),
      ),
    );
  }

  /** A new grant: the machine grant of the options, else the authorization code flow. */
  function grant(of: Session, scopes: string[] | undefined): Promise<StoredTokens> {
    return options.grant
      ? machineGrantFlow(context(of), options.grant, scopes)
      : authorizationCodeFlow(context(of), scopes);
  }

  /** re-authorize with the union of the scopes asked for and the challenged ones, a bounded number of times. */
  async function stepUp(challenge: ResourceChallenge): Promise<boolean> {
    if (!session || !tokens) return false;
    const needed = unionScopes(tokens.scopes, challenge.scopes);
    const key = [...needed].sort().join(' ');
    const attempts = stepUps.get(key) ?? 0;
    if (attempts >= maxStepUps) return false;
    stepUps.set(key, attempts + 1);
    const current = session;
    const scopes = chooseScopes(
      challenge,
      current.resourceMetadata,
      current.as,
      tokens.scopes,
      offlineAccess,
    );
    await keep(current, await grant(current, scopes));
    return true;
  }

  async function refreshIfExpired(): Promise<void> {
    if (!tokens || !expired(tokens)) return;
    if (!tokens.refreshToken || !session) {
      tokens = undefined;
      return;
    }
    const current = session;
    try {
      await keep(current, await refreshFlow(context(current), tokens));
    } catch {
      tokens = undefined;
    }
  }

  /**
   * One login, refresh or step-up at a time; concurrent 401s wait for it and retry. Whatever fails
   * in it, the caller gets an `OAuthClientError` (the original as `cause`).
   */
  async function exclusive(task: () => Promise<boolean>): Promise<boolean> {
    if (busy) {
      await busy.catch(() => false);
      return tokens !== undefined;
    }
    busy = task().catch((error: unknown) => {
      if (error instanceof OAuthClientError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new OAuthClientError('authorization-failed', `authorization failed: ${reason}`, { cause: error });
    });
    try {
      return await busy;
    } finally {
      busy = undefined;
    }
  }

  return {
    async headers(request): Promise<Record<string, string> | undefined> {
      if (busy) await busy.catch(() => false);
      if (tokens && expired(tokens)) {
        await exclusive(async () => {
          await refreshIfExpired();
          return true;
        });
      }
      const current = tokens;
      if (!current) return undefined;
      if (current.tokenType === 'dpop' && session?.dpop) {
        const proof = await session.dpop.proof(request.method, request.url, current.accessToken);
        return { authorization: `DPoP ${current.accessToken}`, dpop: proof };
      }
      return { authorization: `Bearer ${current.accessToken}` };
    },

    async onUnauthorized(response, request) {
      const challenge = readResourceChallenge(response);
      const dpop = session?.dpop;
      if (challenge.dpopNonce && dpop && tokens && challenge.error === 'use_dpop_nonce') {
        // RFC 9449 §9: retry with the server's nonce, unless this very nonce was just refused.
        return dpop.rememberNonce(request.url, challenge.dpopNonce);
      }
      if (response.status === 403) {
        return challenge.error === 'insufficient_scope' && exclusive(() => stepUp(challenge));
      }
      // A token obtained for this very request and refused at once: no second login for it.
      if (request.attempt > 0) return false;
      const rejected = tokens;
      return exclusive(async () => {
        await authorize(challenge, rejected);
        return true;
      });
    },

    async login() {
      await exclusive(async () => {
        await authorize(undefined, undefined);
        return true;
      });
    },

    async logout() {
      const current = session;
      tokens = undefined;
      if (current) await store.setTokens(current.resource, current.as.issuer, undefined);
    },
  };
}
